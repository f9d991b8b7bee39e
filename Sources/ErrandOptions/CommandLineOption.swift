/// One option of a program's command line, declared once: the reader applies it, and help,
/// usage lines, the man page and completion scripts read the same declaration, so they cannot
/// drift apart. `Options` is the value the program's options fill in (errand's
/// `LaunchOptions`, a helper's arguments).
public struct CommandLineOption<Options>: Sendable {
    public enum Effect: Sendable {
        /// A switch: `--echo`.
        case flag(@Sendable (inout Options) -> Void)
        /// Takes a value, as `--store PATH` or `--store=PATH` (long names only take `=`); a
        /// value the option cannot take is refused with the reason thrown.
        case value(name: String, @Sendable (inout Options, String) throws(OptionFailure) -> Void)
        /// Reading stops here, whatever follows (`--help`, `--version`).
        case stop(@Sendable (inout Options) -> Void)
    }

    /// Every spelling, short one first, as help shows them: `-f, --script`.
    public let names: [String]
    public let help: String
    public let effect: Effect
    /// What Tab offers for the value (nothing for a flag).
    public let completion: ValueCompletion

    public init(_ names: [String], help: String, set: @escaping @Sendable (inout Options) -> Void) {
        self.names = names
        self.help = help
        effect = .flag(set)
        completion = .none
    }

    public init(_ names: [String], value: String, complete: ValueCompletion = .none, help: String,
                set: @escaping @Sendable (inout Options, String) throws(OptionFailure) -> Void) {
        self.names = names
        self.help = help
        effect = .value(name: value, set)
        completion = complete
    }

    public init(_ names: [String], stop: @escaping @Sendable (inout Options) -> Void, help: String) {
        self.names = names
        self.help = help
        effect = .stop(stop)
        completion = .none
    }

    /// Its long name (`--script`), else its only one (`-c`).
    public var longName: String? { names.first { $0.hasPrefix("--") } }
    public var shortName: String? { names.first { !$0.hasPrefix("--") } }

    public var valueName: String? {
        if case let .value(name, _) = effect { return name }
        return nil
    }

    /// `-f, --script FILE`
    public var label: String { OptionText.label(names, value: valueName) }

    /// `[--update]` or `[--store PATH]`, for a usage line.
    public var usage: String { OptionText.usage(names, value: valueName) }
}
