/// One option of errand's own command line, declared once: the parser reads it to accept the
/// option and `--help` reads it to list it, so the two cannot drift apart.
public struct LaunchOption: Sendable {
    public enum Effect: Sendable {
        /// A switch: `--echo`.
        case flag(@Sendable (inout LaunchOptions) -> Void)
        /// Takes a value, as `--store PATH` or `--store=PATH` (long names only take `=`).
        case value(name: String, @Sendable (inout LaunchOptions, String) -> Void)
        /// Reading stops here with this mode, whatever follows (`--help`, `--version`).
        case stop(LaunchOptions.Mode)
    }

    /// Every spelling, short one first, as `--help` shows them: `-f, --script`.
    public let names: [String]
    public let help: String
    public let effect: Effect
    /// What Tab offers for the value (nothing for a flag).
    public let completion: ValueCompletion

    init(_ names: [String], help: String, set: @escaping @Sendable (inout LaunchOptions) -> Void) {
        self.names = names
        self.help = help
        effect = .flag(set)
        completion = .none
    }

    init(_ names: [String], value: String, complete: ValueCompletion = .none, help: String,
         set: @escaping @Sendable (inout LaunchOptions, String) -> Void) {
        self.names = names
        self.help = help
        effect = .value(name: value, set)
        completion = complete
    }

    init(_ names: [String], stop mode: LaunchOptions.Mode, help: String) {
        self.names = names
        self.help = help
        effect = .stop(mode)
        completion = .none
    }

    /// The help cut to its first clause, for the one-line descriptions shells show beside
    /// candidates: "the store file" for --store.
    public var summary: String { LaunchHelp.firstClause(help) }

    /// Its long name (`--script`), else its only one (`-c`).
    public var longName: String? { names.first { $0.hasPrefix("--") } }
    public var shortName: String? { names.first { !$0.hasPrefix("--") } }

    public var valueName: String? {
        if case let .value(name, _) = effect { return name }
        return nil
    }

    /// `-f, --script FILE`
    public var label: String {
        names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
    }

    /// `[--update]` or `[--store PATH]`, for a usage line.
    public var usage: String {
        "[" + names.joined(separator: "|") + (valueName.map { " " + $0 } ?? "") + "]"
    }
}
