import ErrandShell
import ErrandTerminal

/// Lets commands ask the person (confirmations, the create and edit forms) through the line editor.
final class EditorPrompter: Prompter {
    let editor: LineEditor
    /// Weak: the runner's interpreter holds this prompter.
    weak var runner: Runner?

    init(editor: LineEditor, runner: Runner) {
        self.editor = editor
        self.runner = runner
    }

    /// An answer over the line limit is refused and the question asked again.
    func ask(_ question: String, initial: String) -> String? {
        while true {
            switch editor.readLine(prompt: question, initial: initial) {
            case let .line(answer): return answer
            case .tooLong: runner?.refuse(LineLimit.tooLong, location: nil)
            case .interrupted, .endOfInput, .terminated: return nil
            }
        }
    }
}
