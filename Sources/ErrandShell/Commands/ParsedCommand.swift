/// A command line checked against its declaration: positional values by argument name and
/// option values by option name (flags map to "").
public struct ParsedCommand: Equatable, Sendable {
    public let spec: CommandSpec
    public let arguments: [String: String]
    public let options: [String: String]

    public subscript(argument name: String) -> String? { arguments[name] }
    public subscript(option name: String) -> String? { options[name] }
    public func flag(_ name: String) -> Bool { options[name] != nil }
}
