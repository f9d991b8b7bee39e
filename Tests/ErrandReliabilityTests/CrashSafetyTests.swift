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
/// nothing half-applied, nothing committed lost. Seeds are printed so a failure replays.
@Suite(.serialized) struct CrashSafetyTests {
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

    @Test(arguments: StoreBackend.allCases)
    func killedAtRandomMomentsTheStoreHoldsAPrefix(_ backend: StoreBackend) throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["ERRAND_CRASH_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970)
        let trials = Int(ProcessInfo.processInfo.environment["ERRAND_CRASH_TRIALS"] ?? "") ?? 20
        print("crash safety (\(backend)): seed \(seed), \(trials) trials; replay with ERRAND_CRASH_SEED=\(seed)")
        let script = Self.script(seed: seed, count: 150)
        let states = try Self.snapshots(script, backend: backend)
        let input = script.joined(separator: "\n") + "\n"
        let env = ["ERRAND_TODAY": "2026-11-29", "HOME": NSTemporaryDirectory()]

        // How long a whole replay takes here, so kills land all along it.
        let probe = NSTemporaryDirectory() + "errand-crash-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: probe) }
        let started = Date()
        _ = try ChildProcess.run(["--store", probe + "/probe." + backend.rawValue], stdin: input, environment: env)
        let full = max(Date().timeIntervalSince(started), 0.05)

        var rng = SeededGenerator(seed: seed ^ 0xC0FFEE)
        var survived = 0
        for trial in 0..<trials {
            let path = probe + "/trial\(trial)." + backend.rawValue
            let child = try ChildProcess(["--store", path], environment: env)
            child.input.fileHandleForWriting.write(Data(input.utf8))
            let delay = Double.random(in: 0...(full * 1.1), using: &rng)
            usleep(useconds_t(delay * 1_000_000))
            child.kill9()
            let store = try StoreOpener.open(path: path, backend: backend)
            let after = try Self.state(store)
            store.close()
            #expect(states.contains(after), "seed \(seed) trial \(trial): a state no prefix produces: \(after)")
            if states.contains(after) { survived += 1 }
        }
        print("crash safety (\(backend)): \(survived) of \(trials) kills left a prefix state (whole run \(Int(full * 1000)) ms)")
    }
}
