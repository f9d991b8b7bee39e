/// One command, declared once: parsing, the typed command, `help`, usage lines, "did you mean",
/// the create form and Tab completion are all derived from this value.
public struct CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    public let summary: String
    public let details: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let effect: CommandEffect
    /// Its changes are journaled, so `undo` reverts them (CommandContext.change); `help undo`,
    /// the man page and docs/commands.md list the commands from this, never by hand.
    public let undoable: Bool
    /// Its help lists the undoable commands (undo, redo).
    public let listsUndoable: Bool
    /// Builds the typed command from checked values; may refuse combinations the kinds alone
    /// cannot (a setting's value).
    let make: @Sendable (ArgumentValues) throws -> any ShellCommand

    init(_ name: String, aliases: [String] = [], summary: String, details: String = "",
         arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], effect: CommandEffect = .reads,
         undoable: Bool = false, listsUndoable: Bool = false,
         make: @escaping @Sendable (ArgumentValues) throws -> any ShellCommand) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.options = options
        self.effect = effect
        self.undoable = undoable
        self.listsUndoable = listsUndoable
        self.make = make
    }

    public var usage: String {
        // Options stop at a passthrough's first word (watch's command has options of its own),
        // so they are written before the words there.
        let words = passesThrough ? options.map(\.usage) + arguments.map(\.usage) : arguments.map(\.usage) + options.map(\.usage)
        return ([name] + words).joined(separator: " ")
    }

    /// Whether an argument takes the rest of the line as written (ArgumentSpec.passthrough).
    public var passesThrough: Bool { arguments.contains(where: \.passthrough) }

    public var names: [String] { [name] + aliases }

    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
