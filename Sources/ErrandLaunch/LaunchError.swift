import ErrandOptions

/// Why errand stops before running anything: one line, exit status 2.
public enum LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command line itself is wrong: the report points at `--help`.
    case usage(String)
    /// A value is wrong (an option's, an environment variable's, a transcript's directive).
    case invalid(String)

    public var description: String {
        switch self {
        case let .usage(message), let .invalid(message): return message
        }
    }

    /// What errand writes to stderr.
    public var report: String {
        if case .usage = self { return "errand: \(description)\nTry errand --help." }
        return "errand: \(description)"
    }

    public var exitStatus: Int32 { ExitStatus.badUsage.status }
}
