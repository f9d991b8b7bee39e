/// A line the parser refused, with the command it named (for JSON output and `file:line:`
/// reports), so nobody has to tokenize the line again to find it.
public struct ParseFailure: Error, Equatable, Sendable {
    /// The command's canonical name; "" when the line named no known command.
    public let command: String
    public let error: ShellError
}
