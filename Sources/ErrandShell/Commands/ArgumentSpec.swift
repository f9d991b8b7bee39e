/// A positional argument of a command.
public struct ArgumentSpec: Equatable, Sendable {
    public let name: String
    public let kind: ArgumentKind
    public let optional: Bool
    /// Takes the rest of the words, joined by spaces (`create Buy milk`).
    public let rest: Bool
    public let help: String
    /// The question the create form asks for it (nil: not asked).
    public let prompt: String?

    public init(_ name: String, _ kind: ArgumentKind, optional: Bool = false, rest: Bool = false, help: String,
                prompt: String? = nil) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.rest = rest
        self.help = help
        self.prompt = prompt
    }

    var usage: String {
        let word = (rest && kind == .text) || kind == .itemRows || kind == .adRows ? name + "..." : name
        return optional ? "[" + word + "]" : word
    }
}
