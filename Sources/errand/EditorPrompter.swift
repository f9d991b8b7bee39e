import ErrandShell
import ErrandTerminal

/// Lets commands ask the person (confirmations, the create and edit forms) through the line editor.
final class EditorPrompter: Prompter {
    let editor: LineEditor

    init(editor: LineEditor) {
        self.editor = editor
    }

    func ask(_ question: String, initial: String) -> String? {
        if case let .line(answer) = editor.readLine(prompt: question, initial: initial) { return answer }
        return nil
    }
}
