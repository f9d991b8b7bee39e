import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation

/// The real interpreter on one backend, in JSON, with today pinned to the model's and item ids
/// numbered in order of creation, so the model can name them (`00000000-...-000000000007`).
final class ShellUnderTest {
    let backend: StoreBackend
    let directory: String
    private let store: ErrandStore
    private let runner: Runner
    private let sink = MemorySink()
    /// The last id given: the run sets it to the model's before each step, so a refused
    /// create that drew an id does not shift every later one.
    var counter = 0

    init(_ backend: StoreBackend) throws {
        self.backend = backend
        directory = NSTemporaryDirectory() + "errand-model-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try StoreOpener.open(path: directory + "/store." + backend.rawValue, backend: backend)
        let today = DueDay(year: 2026, month: 12, day: 6) ?? DueDay(dayNumber: 0)
        let environment = ShellEnvironment(store: store, clock: .fixed(today), labeler: .english,
                                           workingDirectory: directory, home: directory)
        let interpreter = Interpreter(environment: environment)
        runner = Runner(interpreter: interpreter, sink: sink)
        interpreter.environment.newID = { [unowned self] in
            counter += 1
            return ShellUnderTest.uuid(counter)
        }
        _ = runner.runOne("set output json")
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    static func uuid(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n)) ?? UUID()
    }

    static func number(_ id: String) -> Int? {
        id.hasPrefix("00000000-0000-0000-0000-") ? Int(id.dropFirst(24)) : nil
    }

    /// The one JSON object the line answered (`ok` false with the output when it was not one).
    func send(_ line: String) -> [String: Any] {
        sink.reset()
        _ = runner.runOne(line)
        let text = sink.all.joined(separator: "\n")
        guard let data = text.data(using: .utf8),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return ["ok": false, "error": "not one JSON object: " + text]
        }
        return object
    }
}
