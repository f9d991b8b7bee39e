/// Asks the person at the keyboard a question (a confirmation, a form field). nil means they
/// cancelled (Ctrl-C or end of input). Scripts have no prompter.
public protocol Prompter: AnyObject {
    func ask(_ question: Question) -> String?
    /// A line said between two questions: why an answer was refused, before it is asked again.
    func tell(_ line: String)
}

extension Prompter {
    /// `initial` is put in the line for the person to edit (the edit form's current values).
    public func ask(_ text: String, initial: String = "") -> String? { ask(Question(text, initial: initial)) }
}
