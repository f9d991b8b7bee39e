import ErrandShell
import ErrandTerminal

/// Lets commands ask the person (confirmations, the create and edit forms) through the line
/// editor: each question with its own Tab and its own history, never the commands'.
final class EditorPrompter: Prompter {
    let editor: LineEditor
    /// Weak: the runner's interpreter holds this prompter.
    weak var runner: Runner?

    init(editor: LineEditor, runner: Runner) {
        self.editor = editor
        self.runner = runner
    }

    /// An answer over the line limit is refused and the question asked again.
    func ask(_ question: Question) -> String? {
        let complete = question.complete
        let completer: LineEditor.Completer = { typed in
            let answer = complete?(typed) ?? Completion(replaceCount: 0, candidates: [])
            return TabCompletion(replaceCount: answer.replaceCount,
                                 candidates: answer.candidates.map { ($0.insert, $0.display, $0.isComplete) })
        }
        while true {
            // A question without a history of its own (a confirmation) gets an empty one: Up
            // there must not bring back commands.
            switch editor.readLine(prompt: question.text, initial: question.initial,
                                   history: question.history ?? EditorPrompter.noHistory, completer: completer,
                                   reading: "form") {
            case let .line(answer):
                if let history = question.history, !answer.isEmpty { editor.remember(answer, in: history) }
                return answer
            case .tooLong: runner?.refuse(LineLimit.tooLong, location: nil)
            case .endOfInput:
                // libedit has echoed ^D: what the command says next goes on a line of its own.
                tell("")
                return nil
            case .interrupted, .terminated: return nil
            }
        }
    }

    /// Never added to: what Up walks in a question whose answers are not kept.
    static let noHistory = "errand.no-history"

    func tell(_ line: String) {
        runner?.sink.out(line)
        runner?.sink.flush()
    }
}
