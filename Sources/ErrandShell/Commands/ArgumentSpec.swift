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
    /// Takes the rest of the line as written, another command's options included: the parser
    /// reads no option after the command's first own word (as after `--`), so `watch 2 find
    /// --json` hands `--json` to find; Tab completes those words as their own command line.
    public let passthrough: Bool

    public init(_ name: String, _ kind: ArgumentKind, optional: Bool = false, rest: Bool = false, help: String,
                prompt: String? = nil, passthrough: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.rest = rest || passthrough
        self.help = help
        self.prompt = prompt
        self.passthrough = passthrough
    }

    var usage: String {
        let word = (rest && kind == .text) || kind == .itemRows || kind == .adRows || passthrough ? name + "..." : name
        return optional ? "[" + word + "]" : word
    }
}
