/// What a program's option does to the value its command line fills in (errand's
/// `LaunchOptions`, a helper's arguments): the `Kind` of a `CommandLineOption`.
public enum OptionEffect<Options>: Sendable {
    /// A switch: `--echo`.
    case flag(@Sendable (inout Options) -> Void)
    /// Takes a value, as `--store PATH` or `--store=PATH` (long names only take `=`); a value
    /// the option cannot take is refused with the reason thrown.
    case value(@Sendable (inout Options, String) throws(OptionFailure) -> Void)
    /// Reading stops here, whatever follows (`--help`, `--version`).
    case stop(@Sendable (inout Options) -> Void)
}
