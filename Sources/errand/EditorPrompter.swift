import ErrandShell
import ErrandTerminal

/// Lets commands ask the person (confirmations, the create form) through the line editor.
final class EditorPrompter: Prompter {
    let editor: LineEditor

    init(editor: LineEditor) {
        self.editor = editor
    }

    func ask(_ question: String) -> String? {
        if case let .line(answer) = editor.readLine(prompt: question) { return answer }
        return nil
    }
}
