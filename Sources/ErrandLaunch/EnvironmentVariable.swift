#if canImport(Glibc)
import Glibc
#endif

/// A variable of the environment that errand reads, declared once: `read()` fetches exactly
/// these and `--help` lists them.
public struct EnvironmentVariable: Sendable {
    public let name: String
    /// What `--help` adds in brackets, when the name alone does not say enough.
    public let note: String?

    init(_ name: String, _ note: String? = nil) {
        self.name = name
        self.note = note
    }

    public static let all: [EnvironmentVariable] = [
        EnvironmentVariable("ERRAND_TODAY"),
        EnvironmentVariable("ERRAND_HISTORY", "history file, default $XDG_STATE_HOME/errand/history"),
        EnvironmentVariable("ERRAND_CATALOGUE"),
        EnvironmentVariable("ERRAND_CATALOGUE_MAX_AGE", "seconds before ads refreshes the cache, default 3600"),
        EnvironmentVariable("ERRAND_CATALOGUE_MAX_MB", "largest document sync accepts, default 256"),
        EnvironmentVariable("ERRAND_REMOTE"),
        EnvironmentVariable("NETRC", "credentials for the remote, default ~/.netrc"),
        EnvironmentVariable("ERRAND_FETCH", "the download helper, default errand-fetch beside errand"),
        EnvironmentVariable("ERRAND_ICAL", "the iCalendar helper (.ics files), default errand-ical beside errand"),
        EnvironmentVariable("NO_COLOR"),
        EnvironmentVariable("LC_ALL"),
        EnvironmentVariable("LC_TIME"),
        EnvironmentVariable("LANG", "the language of week labels, English for C and POSIX"),
        EnvironmentVariable("COLUMNS"),
        EnvironmentVariable("LINES", "the screen's size when it cannot be asked"),
        EnvironmentVariable("HOME"),
        EnvironmentVariable("XDG_DATA_HOME"),
        EnvironmentVariable("XDG_STATE_HOME"),
    ]

    /// The declared variables that are set, through getenv: ProcessInfo.environment parses
    /// every variable and cost a fifth of a start-up's instructions (callgrind).
    public static func read() -> [String: String] {
        var found: [String: String] = [:]
        for variable in all {
            if let value = getenv(variable.name) { found[variable.name] = String(cString: value) }
        }
        return found
    }
}
