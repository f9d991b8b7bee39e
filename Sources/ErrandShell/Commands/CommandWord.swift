/// One word of a command line as the parser places it. A literal word (quoted at the prompt, or
/// a form's answer) is always text, never an option: `create Read "--date" manual` is a title.
public struct CommandWord: Equatable, Sendable {
    public var text: String
    public var literal: Bool

    public init(_ text: String, literal: Bool = false) {
        self.text = text
        self.literal = literal
    }

    /// `--name` or `--name=value` typed bare.
    var isOption: Bool { !literal && text.count > 2 && text.hasPrefix("--") }

    /// A bare `--`: every word after it is an argument.
    var endsOptions: Bool { !literal && text == "--" }

    /// The word as it would be typed to be read back the same: quoted when it holds a space
    /// or a quote, or when it was quoted to stay text (`"--draft"`).
    var typed: String {
        guard literal, !text.isEmpty, !text.contains(where: { " \t\"'\\".contains($0) }) else { return Tokenizer.quote(text) }
        return text.hasPrefix("-") ? "\"" + text + "\"" : text
    }
}
