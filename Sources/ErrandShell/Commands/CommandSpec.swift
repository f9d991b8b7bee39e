/// One command, declared once: parsing, `help`, usage lines, "did you mean" and Tab
/// completion are all derived from this value.
public struct CommandSpec: Equatable, Sendable {
    public let name: String
    public let aliases: [String]
    public let action: CommandAction
    public let summary: String
    public let details: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]

    public init(_ name: String, aliases: [String] = [], action: CommandAction, summary: String, details: String = "",
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = []) {
        self.name = name
        self.aliases = aliases
        self.action = action
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.options = options
    }

    public var usage: String {
        ([name] + arguments.map(\.usage) + options.map(\.usage)).joined(separator: " ")
    }

    public var names: [String] { [name] + aliases }

    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
