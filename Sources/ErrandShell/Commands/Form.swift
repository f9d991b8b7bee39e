import ErrandDomain
import FoundationEssentials

/// Asks the create and edit forms' fields one at a time, each checked as it is answered, by
/// the rules a typed line gets: its kind (a date that reads, coordinates on Earth) and the
/// item's own (a title, no control characters, the length limits). A refused answer is asked
/// again with the reason, in the line to fix, so one slip does not lose the other answers.
struct Form {
    let prompter: Prompter
    let command: String
    let context: ParseContext
    let completer: Completer

    init(_ prompter: Prompter, command: String, _ c: CommandContext) {
        self.prompter = prompter
        self.command = command
        context = c.parseContext
        completer = Completer(table: c.table, session: c.session, environment: c.environment)
    }

    /// The accepted answer; nil when the person cancels (Ctrl-C, Ctrl-D).
    func ask(_ field: FormField) -> String? {
        var initial = field.initial
        while true {
            let completer = self.completer
            let question = Question(field.question, initial: initial,
                                    complete: { completer.complete(field: field.kind, words: field.words, typed: $0) },
                                    history: field.name)
            guard let answer = prompter.ask(question) else { return nil }
            guard let reason = refusal(of: answer, for: field) else { return answer }
            prompter.tell(reason)
            initial = TextSafety.containsControl(answer) ? "" : answer
        }
    }

    /// Why `answer` cannot go in `field`, or nil. Empty means the default (or, in edit, clear
    /// it) wherever the item allows it: only the title's rule refuses it.
    func refusal(of answer: String, for field: FormField) -> String? {
        let trimmed = TextSafety.trimmed(answer)
        if !trimmed.isEmpty, !field.words.contains(trimmed.lowercased()) {
            do {
                _ = try field.kind.value(answer, name: field.label, command: command, context: context)
            } catch {
                if field.kind == .date { return error.description + "; or none for no date" }
                return error.description
            }
        }
        do {
            _ = try Form.probe(field.name, answer).validated()
        } catch {
            return error.description
        }
        return nil
    }

    /// An item holding only this answer, for the item's own rules on it (`TodoItem.validated`):
    /// the title, the place's name and the notes have rules beyond their kind.
    static func probe(_ name: String, _ answer: String) -> TodoItem {
        var item = TodoItem(id: UUID(), title: "probe", due: nil, created: Date(timeIntervalSince1970: 0))
        switch name {
        case "title": item.title = answer
        case "at" where !TextSafety.trimmed(answer).isEmpty: item.location = Location(name: answer)
        case "notes": item.notes = answer
        default: break
        }
        return item
    }
}
