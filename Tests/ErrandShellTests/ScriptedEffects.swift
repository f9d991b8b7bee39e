import ErrandShell
import Testing

/// The effects a test expects, in order, each with its answer: a command asking for another
/// effect, or for one more than scripted, fails the test, and `ShellTester.send` fails when a
/// scripted effect was never asked for (as TestStore.receive does). No process, no server.
final class ScriptedEffects: EffectRunner {
    private var script: [(effect: Effect, answer: (ShellEnvironment) throws -> EffectResult)] = []
    /// Every effect asked for, in order.
    private(set) var asked: [Effect] = []

    func expect(_ effect: Effect, answer: @escaping (ShellEnvironment) throws -> EffectResult) {
        script.append((effect, answer))
    }

    var unanswered: [Effect] { script.map(\.effect) }

    func perform(_ effect: Effect, in environment: ShellEnvironment) throws -> EffectResult {
        asked.append(effect)
        guard let next = script.first else {
            Issue.record("a command asked for \(effect), which the test did not expect")
            throw ShellError.failed("no answer for \(effect)")
        }
        script.removeFirst()
        #expect(effect == next.effect, "asked for \(effect), expected \(next.effect)")
        return try next.answer(environment)
    }
}
