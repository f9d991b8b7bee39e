import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A child errand replaying a long script is killed with SIGKILL at random moments. After each
/// kill the store must open and hold exactly the state after some prefix of the script:
/// nothing half-applied, nothing committed lost. The seed is printed so a failure replays
/// (ERRAND_TEST_SEED).
@Suite(.serialized, .tags(.process, .crash), .fullLane) struct CrashSafetyTests {
    static let today = DueDay(year: 2026, month: 11, day: 29)!

    static func script(seed: UInt64, count: Int) -> [String] {
        var rng = SeededGenerator(seed: seed)
        var lines: [String] = []
        for i in 0..<count {
            let roll = Int.random(in: 0..<100, using: &rng)
            let day = Int.random(in: 0..<4, using: &rng)
            switch roll {
            case 0..<55: lines.append("create task \(i) --date +\(day)d" + (roll % 3 == 0 ? " --at \"Place \(i)\"" : ""))
            case 55..<65: lines.append(roll % 2 == 0 ? "list" : "day +\(day)d")
            case 65..<75: lines.append("check \(Int.random(in: 1...3, using: &rng))")
            case 75..<80: lines.append("uncheck \(Int.random(in: 1...3, using: &rng))")
            case 80..<90: lines.append("swipe \(Int.random(in: 1...3, using: &rng))")
            case 90..<99: lines.append("undo")
            default: lines.append("clear --yes")
            }
        }
        return lines
    }

    /// What a store holds, independent of ids: each item's title, day and state, in order.
    static func state(_ store: any ItemStore) throws -> [String] {
        try store.allItems().map { "\($0.title)|\($0.due?.iso ?? "-")|\($0.isDone)" }
    }

    /// Every state the script passes through, replayed in process on a fresh store.
    static func snapshots(_ script: [String], backend: StoreBackend) throws -> Set<[String]> {
        let path = NSTemporaryDirectory() + "errand-snap-" + UUID().uuidString + "/s." + backend.rawValue
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let store = try StoreOpener.open(path: path, backend: backend)
        defer { store.close() }
        let interpreter = Interpreter(environment: ShellEnvironment(store: store, clock: .fixed(today)))
        var states: Set<[String]> = [try state(store)]
        for line in script {
            _ = interpreter.execute(line)
            states.insert(try state(store))
        }
        return states
    }

    /// Each trial picks a line of the script and kills errand the moment `--echo` has printed
    /// that line (printed with its output, so the line has run): the kill lands in the lines
    /// after it, wherever the machine's load puts it, and never before the start or after the end.
    @Test(arguments: StoreBackend.allCases)
    func killedAtRandomMomentsTheStoreHoldsAPrefix(_ backend: StoreBackend) throws {
        let seed = TestSeed.draw(for: "crash safety (\(backend))")
        let trials = Int(ProcessInfo.processInfo.environment["ERRAND_CRASH_TRIALS"] ?? "") ?? 20
        let script = Self.script(seed: seed, count: 150)
        let states = try Self.snapshots(script, backend: backend)
        let input = script.joined(separator: "\n") + "\n"
        let env = ["ERRAND_TODAY": "2026-11-29", "HOME": NSTemporaryDirectory()]
        let folder = NSTemporaryDirectory() + "errand-crash-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var rng = SeededGenerator(seed: seed ^ 0xC0FFEE)
        var survived = 0
        for trial in 0..<trials {
            let path = folder + "/trial\(trial)." + backend.rawValue
            let child = try ChildProcess(["--echo", "--store", path], environment: env)
            child.input.fileHandleForWriting.write(Data(input.utf8))
            let last = Int.random(in: 0..<script.count - 1, using: &rng)
            // A line the script repeats is echoed once per run of it: wait for the last of them.
            // An output line equal to a command only makes the kill come sooner, which is as valid.
            var echoes = script[0...last].filter { $0 == script[last] }.count
            while echoes > 0, let line = child.readLine(timeout: 600) {
                if line == script[last] { echoes -= 1 }
            }
            child.kill9()
            try #require(echoes == 0, "seed \(seed) trial \(trial): errand ended or went silent before line \(last + 1)")
            let store = try StoreOpener.open(path: path, backend: backend)
            let after = try Self.state(store)
            store.close()
            #expect(states.contains(after), "seed \(seed) trial \(trial): a state no prefix produces: \(after)")
            if states.contains(after) { survived += 1 }
        }
        print("crash safety (\(backend)): \(survived) of \(trials) kills left a prefix state")
    }
}
