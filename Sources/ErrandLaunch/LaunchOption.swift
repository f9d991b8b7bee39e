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

    init(_ names: [String], help: String, set: @escaping @Sendable (inout LaunchOptions) -> Void) {
        self.names = names
        self.help = help
        effect = .flag(set)
    }

    init(_ names: [String], value: String, help: String, set: @escaping @Sendable (inout LaunchOptions, String) -> Void) {
        self.names = names
        self.help = help
        effect = .value(name: value, set)
    }

    init(_ names: [String], stop mode: LaunchOptions.Mode, help: String) {
        self.names = names
        self.help = help
        effect = .stop(mode)
    }

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
