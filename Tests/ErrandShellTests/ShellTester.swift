import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Drives the interpreter without a terminal: send a line, state the whole session expected
/// afterwards and the exact output; anything not asserted fails.
final class ShellTester {
    let directory: String
    let backend: StoreBackend
    let store: ErrandStore
    let interpreter: Interpreter
    let runner: Runner
    let sink = MemorySink()
    /// Set by `expect(_:answer:)`: from then on every effect is the test's to answer.
    private(set) var effects: ScriptedEffects?
    static let today = DueDay(year: 2026, month: 11, day: 29)!
    private var counter = 0

    /// `backend` is a `StoreBackend` raw value ("sqlite", "plist"), as the tests' arguments give it.
    /// `wrap` puts something between the interpreter and the store (a fault injector); `store`
    /// stays the real one, for assertions.
    init(backend name: String = "sqlite", prompter: Prompter? = nil,
         wrap: (ErrandStore) -> ErrandStore = { $0 }) throws {
        backend = try #require(StoreBackend(rawValue: name))
        directory = NSTemporaryDirectory() + "errand-shell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try StoreOpener.open(path: directory + "/store." + name, backend: backend)
        var environment = ShellEnvironment(store: wrap(store), clock: .fixed(ShellTester.today), labeler: .english,
                                           workingDirectory: directory, home: directory)
        environment.prompter = prompter
        interpreter = Interpreter(environment: environment)
        runner = Runner(interpreter: interpreter, sink: sink)
        interpreter.environment.newID = { [unowned self] in self.nextID() }
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func nextID() -> UUID {
        counter += 1
        return ShellTester.id(counter)
    }

    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!
    }

    func item(_ n: Int) throws -> TodoItem {
        try #require(try store.item(id: ShellTester.id(n)))
    }

    /// Sends a line; `expected` is the exact output (stdout and stderr in order) and `change`
    /// turns the session before the command into the session expected after it.
    func send(_ line: String, _ expected: [String], succeeds: Bool = true,
              _ change: (inout Session) throws -> Void = { _ in },
              sourceLocation: SourceLocation = #_sourceLocation) {
        var expectedSession = interpreter.session
        sink.reset()
        let before = runner.failures
        runner.runOne(line)
        do {
            try change(&expectedSession)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        #expect(sink.all == expected, sourceLocation: sourceLocation)
        #expect(interpreter.session == expectedSession, sourceLocation: sourceLocation)
        #expect((runner.failures == before) == succeeds, sourceLocation: sourceLocation)
        if let effects {
            #expect(effects.unanswered.isEmpty, "effects expected but never asked for: \(effects.unanswered)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The next effect a command should ask for, and what it gets back (from the first call on,
    /// effects are scripted: none reaches a process, a server or the editor).
    func expect(_ effect: Effect, answer: @escaping (ShellEnvironment) throws -> EffectResult) {
        let scripted = effects ?? ScriptedEffects()
        effects = scripted
        interpreter.environment.effects = scripted
        scripted.expect(effect, answer: answer)
    }

    /// What a line printed (stdout and stderr in order), asserting nothing about the session.
    func said(_ line: String) -> [String] {
        sink.reset()
        runner.runOne(line)
        return sink.all
    }

    /// Runs a set-up line, asserting only that it succeeded (its output is not the point).
    func given(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        sink.reset()
        let ok = runner.runOne(line)
        #expect(ok, "set-up line failed: \(line): \(sink.all)", sourceLocation: sourceLocation)
    }
}
