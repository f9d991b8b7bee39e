/// One command, declared once: parsing, the typed command, `help`, usage lines, "did you mean",
/// the create form and Tab completion are all derived from this value.
public struct CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    public let summary: String
    public let details: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    /// Builds the typed command from checked values; may refuse combinations the kinds alone
    /// cannot (a setting's value).
    let make: @Sendable (ArgumentValues) throws -> any ShellCommand

    init(_ name: String, aliases: [String] = [], summary: String, details: String = "",
         arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
         make: @escaping @Sendable (ArgumentValues) throws -> any ShellCommand) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.options = options
        self.make = make
    }

    public var usage: String {
        ([name] + arguments.map(\.usage) + options.map(\.usage)).joined(separator: " ")
    }

    public var names: [String] { [name] + aliases }

    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
