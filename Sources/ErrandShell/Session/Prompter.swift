/// Asks the person at the keyboard a question (a confirmation, a form field). nil means they
/// cancelled (Ctrl-C or end of input). Scripts have no prompter.
public protocol Prompter: AnyObject {
    func ask(_ question: String) -> String?
}
