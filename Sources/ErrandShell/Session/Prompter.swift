/// Asks the person at the keyboard a question (a confirmation, a form field). nil means they
/// cancelled (Ctrl-C or end of input). Scripts have no prompter.
public protocol Prompter: AnyObject {
    /// `initial` is put in the line for the person to edit (the edit form's current values).
    func ask(_ question: String, initial: String) -> String?
}

extension Prompter {
    public func ask(_ question: String) -> String? { ask(question, initial: "") }
}
