import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// A generated battery of malformed command lines, through the interpreter (what the keyboard
/// uses) and through script mode: each one fails with one clear line, nothing crashes, and
/// the exit status says a command failed.
@Suite(.tags(.process), .fullLane) struct BadInputTests {
    /// Lines that must all fail, as bytes (some are not valid UTF-8).
    static func battery(seed: UInt64) -> [[UInt8]] {
        var rng = SeededGenerator(seed: seed)
        var lines = misusedCommands()
        // create with every wrong field shape.
        for bad in ["--date someday", "--coords 1,2", "--at Park --coords 91,0", "--at Park --coords x,y",
                    "--at Park --coords 1", "--at Park --coords 1,2,3", "--at \"\"", "--notes",
                    "--every fortnightly", "--every 0 days", "--every", "--after-done"] {
            lines.append("create Task \(bad)")
        }
        lines.append("create \(String(repeating: "a", count: 1_000_000))")
        lines.append("create \"   \"")
        // Unbalanced quotes, lone backslashes, unknown commands, control characters.
        for _ in 0..<60 {
            let word = String((0..<Int.random(in: 1...12, using: &rng)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &rng)))
            })
            lines.append("create \"\(word)")
            lines.append("\(word)' open")
            lines.append("zz\(word)")
            lines.append("create \(word)\u{1B}[2J")
            lines.append("create \(word)\u{7}bell")
        }
        lines.append("view \\")
        lines.append(String(repeating: "x", count: 1_000_000))
        var bytes = lines.map { Array($0.utf8) }
        // NUL bytes and invalid UTF-8 (script mode reads bytes; the keyboard gets U+FFFD).
        for _ in 0..<80 {
            var line: [UInt8] = Array("zq".utf8)
            for _ in 0..<Int.random(in: 1...30, using: &rng) {
                line.append([0x00, 0xFF, 0xC3, 0x80, 0xFE, 0x1B, 0x9B, 0xE2, 0x28][Int.random(in: 0..<9, using: &rng)])
            }
            bytes.append(line.filter { $0 != 0x0A && $0 != 0x0D })
        }
        return bytes
    }

    /// Every command misused: unknown, valueless and repeated options, missing and extra
    /// arguments, and wrong shapes for each kind of argument.
    static func misusedCommands() -> [String] {
        var lines: [String] = []
        for spec in CommandTable.standard.specs where spec.name != "quit" {
            let name = spec.name
            // Unknown options, options without their value, repeated options.
            lines.append("\(name) --nope")
            lines.append("\(name) --\(String(repeating: "x", count: 5_000))")
            // Declared fields' values outside their limits (priority 0, 10, a word; empty or huge tags).
            for option in spec.options {
                guard case let .field(field)? = option.valueKind else { continue }
                let bads: [String]
                switch field.kind {
                case let .number(range):
                    bads = ["\(range.lowerBound - 1)", "\(range.upperBound + 1)", "-3", "urgent", "1.5", "99999999999999999999"]
                case .choice: bads = ["maybe", "bell\u{7}"]
                case .words, .text: bads = ["a,,b", ",", String(repeating: "t", count: 500), "bell\u{7}"]
                case .dayTime: bads = ["feb 30", "10000-01-01", "fri 25:00", String(repeating: "t", count: 500), "bell\u{7}"]
                case .reminders: bads = ["7300d", "P99999999D", "999999999999w", "dec 3", "later", "-5m", "bell\u{7}"]
                }
                for bad in bads {
                    lines.append("\(name) \(spec.arguments.isEmpty ? "" : "1 ")--\(option.name) \(Tokenizer.quote(bad))")
                }
            }
            for option in spec.options {
                if option.valueName != nil { lines.append("\(name) x --\(option.name)") }
                // A repeatable option given twice is fine (`--tag a --tag b`).
                if option.repeatable { continue }
                lines.append("\(name) x --\(option.name) 1 --\(option.name) 2")
                if option.valueName == nil { lines.append("\(name) --\(option.name)=yes") }
            }
            // Missing and extra arguments.
            if spec.arguments.contains(where: { !$0.optional }) { lines.append(name) }
            if !spec.arguments.contains(where: \.rest) {
                lines.append("\(name) " + Array(repeating: "extra", count: spec.arguments.count + 1).joined(separator: " "))
            }
            // Wrong shapes for each kind of argument.
            for argument in spec.arguments {
                switch argument.kind {
                case .itemRows:
                    // `1 x` is a bad row only where the rows are the last argument (not `tag 1 x`).
                    let rowsLast = spec.arguments.last == argument
                    for bad in ["3-1", "1-100000000", "1-", "-1", "2--4", "1 x", "0-2", "1.5"] where rowsLast || bad != "1 x" {
                        lines.append("\(name) \(bad)")
                    }
                    fallthrough
                case .row, .itemRow, .adRows:
                    for bad in ["0", "-1", "-99999999999999999999", "99999999999999999999999999", "1.5", "one", "0x10", "1e3", "", "٣"] {
                        lines.append("\(name) \(bad.isEmpty ? "\"\"" : bad)")
                    }
                case .date, .lookedAtDay:
                    for bad in ["someday", "feb 30", "2026-02-29", "+d", "+999999d", "25:00", "dec 32", "13/01/2026", "jan 1 20x6"] {
                        lines.append("\(name) \(bad)")
                    }
                case .choice:
                    lines.append("\(name) yaml yaml")
                    lines.append("\(name) output on")
                    lines.append("\(name) color json")
                case .dependent:
                    for bad in ["0", "-5", "100001", "99999999999999999999", "lots", "1.5", ""] {
                        lines.append("\(name) pagesize \(bad.isEmpty ? "\"\"" : bad)")
                    }
                    lines.append("\(name) timing maybe")
                case .file, .wordOrFile:
                    lines.append("\(name) /nonexistent/dir/file.plist")
                    lines.append("\(name) /")
                case .command:
                    lines.append("\(name) nosuchcommand")
                case .listName:
                    // A name no list has, a name with a comma, one past the limit, "all" as a list.
                    for bad in ["nosuchlist", "a,b", String(repeating: "l", count: 61), "\"\""] {
                        lines.append("\(name) \(bad)")
                    }
                case .coordinate:
                    lines.append("\(name) 91,0")
                case .time:
                    lines.append("\(name) 25:00")
                case .schedule:
                    lines.append("\(name) fortnightly")
                case .place:
                    // Geocoding is off here: a name cannot be placed, and says so in one line.
                    for bad in ["91,0", "0,181", "nowhere at all", "0,0 --within far", "0,0 --within -5km", "0,0 --within 0m",
                                "0,0 --within 99999km"] {
                        lines.append("\(name) \(bad)")
                    }
                case .distance:
                    lines.append("\(name) far")
                case .seconds:
                    for bad in ["0", "-1", "0.01", "-0", "1e9", "inf", "99999999999999999999", ".", "1..2"] {
                        lines.append("\(name) \(bad) view")
                    }
                case let .count(bound):
                    for bad in ["0", "-1", "\(bound + 1)", "99999999999999999999", "ten", "2.5"] {
                        lines.append("\(name) \(bad)")
                    }
                case .savedSearch:
                    for bad in ["", "two words", "tab\u{7}bell", String(repeating: "n", count: 1_000), "nosuchsearch"] {
                        lines.append("\(name) \(Tokenizer.quote(bad))")
                    }
                case .tagChanges:
                    for bad in ["-", "+", "#", ",", "-,", String(repeating: "t", count: 500)] { lines.append("\(name) 1 \(bad)") }
                case .query:
                    // Each refused with the term and its column; 10,000 terms before any is read.
                    let many = Array(repeating: "milk", count: 10_000).joined(separator: " ")
                    let deep = String(repeating: "(", count: 100) + "milk" + String(repeating: ")", count: 100)
                    for bad in ["(milk", "milk)", "()", "price:<abc", "due:<", "due:", "due:someday", "due:+3d..today", "due:..",
                                "or or", "milk or", "or milk", "milk or or bread", "-", "- milk", "#", "!!!!", "is:maybe",
                                "priority:urgent", "within:5km", "near:0,0 within:far", "near:0,0 within:1km within:2km",
                                "near:", "near:91,0", "near:nowhere", "'\"milk'", "...", many, deep] {
                        lines.append("\(name) \(bad)")
                    }
                case .field, .text, .category:
                    break
                }
            }
        }
        return lines
    }

    static let seed: UInt64 = 20_261_129

    @Test func everyMalformedLineGetsOneClearLineThroughTheInterpreter() throws {
        let dir = NSTemporaryDirectory() + "errand-bad-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = try StoreOpener.open(path: dir + "/s.sqlite", backend: .sqlite)
        let interpreter = Interpreter(environment: ShellEnvironment(store: store, clock: .fixed(DueDay(dayNumber: 20_000)),
                                                                    workingDirectory: dir, home: dir))
        let sink = MemorySink()
        let runner = Runner(interpreter: interpreter, sink: sink)
        // A listing, so row numbers are checked against real rows too.
        _ = interpreter.execute("create one")
        _ = interpreter.execute("list")
        let battery = Self.battery(seed: Self.seed)
        #expect(battery.count >= 500)
        for bytes in battery {
            let line = String(decoding: bytes, as: UTF8.self)
            let before = try store.allItems()
            sink.reset()
            guard !runner.runOne(line) else {
                Issue.record("accepted: \(line.prefix(80).debugDescription)")
                continue
            }
            #expect(sink.stdout.isEmpty && sink.stderr.count == 1, "\(line.prefix(80).debugDescription) -> \(sink.all)")
            let text = sink.stderr.first ?? ""
            #expect(text.hasPrefix("error: ") && text.count < 600, "\(line.prefix(80).debugDescription) -> \(text.prefix(200))")
            #expect(try store.allItems() == before, "\(line.prefix(80).debugDescription) changed the store")
        }
        print("bad input: \(battery.count) malformed lines through the interpreter, all refused with one line")
    }

    @Test func scriptModeReportsEachWithItsLineAndExitsOne() throws {
        let dir = NSTemporaryDirectory() + "errand-badscript-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let battery = Self.battery(seed: Self.seed)
        // Comment-like and blank lines are skipped by design; the battery has none.
        let script = dir + "/bad.errand"
        var data = Data()
        for line in battery { data.append(contentsOf: line + [0x0A]) }
        try data.write(to: URL(fileURLWithPath: script))
        let (status, out, err) = try ChildProcess.run(["--store", dir + "/s.sqlite", script],
                                                      environment: ["ERRAND_TODAY": "2026-11-29", "HOME": dir])
        #expect(status == 1)
        #expect(out == "")
        let errors = err.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(errors.count == battery.count)
        for (index, line) in errors.enumerated() {
            #expect(line.hasPrefix("\(script):\(index + 1): "), "\(line.prefix(120))")
            #expect(line.count < 700)
        }
        print("bad input: \(battery.count) malformed lines in script mode, \(errors.count) error lines, exit \(status)")
    }
}
