import ErrandLaunch
import ErrandShell
import Foundation
import Testing

/// README's examples cannot drift from the program: its tour is replayed as a transcript, and
/// its command table names only commands and options that are declared, and all commands.
@Suite struct ReadmeTests {
    static let readme: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return (try? String(contentsOf: url.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The lines between `<!-- NAME` and `<!-- /NAME -->`, their 4-space code indent taken off.
    static func block(_ name: String) -> String? {
        guard let start = readme.range(of: "<!-- \(name)"), let end = readme.range(of: "<!-- /\(name) -->"),
              start.upperBound < end.lowerBound else { return nil }
        let lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst()
        return lines.map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
            .filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    @Test func theTourReplaysExactly() throws {
        let tour = try #require(ReadmeTests.block("tour"), "README.md has no <!-- tour --> block")
        let report = try TranscriptChecker().check(text: tour, file: "README.md tour")
        #expect(report.commands >= 5)
        #expect(report.diffs == [])
    }

    /// The Finding block replays, and every example in its table is a `find` the suite
    /// replays (in that block or in examples/), so none shows what the program does not do.
    @Test func theFindingExamplesReplay() throws {
        let block = try #require(ReadmeTests.block("finding"), "README.md has no <!-- finding --> block")
        let report = try TranscriptChecker().check(text: block, file: "README.md finding")
        #expect(report.commands >= 5)
        #expect(report.diffs == [])
        try expectExamplesReplayed(from: "### Finding\n", to: "<!-- finding", in: ["find-query", "lists", "subtasks"], also: block, atLeast: 10)
    }

    /// The same for the ads tab's table of terms, against the ads transcripts.
    @Test func theAdsTermExamplesAreReplayed() throws {
        try expectExamplesReplayed(from: "- `find` on the ads tab", to: "SQLite answers in one statement",
                                   in: ["ads-query", "ads-find"], atLeast: 6)
    }

    /// Each row of README's table between `start` and `end` ends with an example that is a
    /// `$ find` line of these transcripts (or of `also`).
    func expectExamplesReplayed(from start: String, to end: String, in sessions: [String], also: String = "",
                                atLeast count: Int) throws {
        let readme = ReadmeTests.readme
        guard let first = readme.range(of: start), let last = readme.range(of: end), first.upperBound < last.lowerBound else {
            Issue.record("README.md has no table between \(start) and \(end)")
            return
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let texts = try sessions.map {
            try String(contentsOf: url.appendingPathComponent("examples/\($0).session"), encoding: .utf8)
        } + [also]
        let replayed = Set(texts.joined(separator: "\n").split(separator: "\n").filter { $0.hasPrefix("$ find ") }
            .map { String($0.dropFirst(2)) })
        // The header row goes; the |---| row is not a row.
        let rows = readme[first.upperBound..<last.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: CharacterSet.whitespaces) }.filter { $0.hasPrefix("| ") }.dropFirst()
        #expect(rows.count >= count)
        for row in rows {
            let example = row.split(separator: "|").last.map { $0.trimmingCharacters(in: CharacterSet.whitespaces) } ?? ""
            let command = example.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(replayed.contains(command), "README's example \(example) is not replayed")
        }
    }

    /// The rows of the Commands table: each first column's code spans.
    static var commandRows: [String] {
        guard let start = readme.range(of: "## Commands\n"), let end = readme.range(of: "\n### Dates") else { return [] }
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n")
            .filter { $0.hasPrefix("| `") }
            .map { row in
                // The first column ends at a `|` that Markdown does not escape (`text\|json`).
                var column = ""
                for character in row.dropFirst(2) {
                    if character == "|", column.last != "\\" { break }
                    column.append(character)
                }
                return column
            }
    }

    @Test func theCommandTableNamesOnlyWhatIsDeclaredAndEverything() throws {
        let table = CommandTable.standard
        var named = Set<String>()
        for row in ReadmeTests.commandRows {
            // Each code span starts with a command name (`set output text|json`, `quit` (`exit`)).
            let spans = row.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for span in spans {
                guard let word = span.split(separator: " ").first.map(String.init) else { continue }
                guard let spec = table.spec(named: word) else {
                    Issue.record("README's command table names \"\(word)\", which is not a command (\(row))")
                    continue
                }
                named.insert(spec.name)
                for option in span.split(separator: " ").filter({ $0.hasPrefix("[--") || $0.hasPrefix("--") }) {
                    let name = option.drop { $0 == "[" || $0 == "-" }.prefix { $0.isLetter || $0 == "-" }
                    #expect(spec.option(named: String(name)) != nil, "README: \(spec.name) has no option --\(name)")
                }
            }
        }
        for spec in table.specs {
            #expect(named.contains(spec.name), "README's command table leaves out \(spec.name)")
        }
    }
}
