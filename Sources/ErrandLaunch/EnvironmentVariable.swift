#if canImport(Glibc)
import Glibc
#endif

/// A variable of the environment that errand reads, declared once: `read()` fetches exactly
/// these, and `--help` and the man page list them with their help.
public struct EnvironmentVariable: Sendable {
    public let name: String
    public let help: String

    init(_ name: String, _ help: String) {
        self.name = name
        self.help = help
    }

    public static let all: [EnvironmentVariable] = [
        EnvironmentVariable("ERRAND_TODAY", "pin today's date, YYYY-MM-DD (as --today)"),
        EnvironmentVariable("ERRAND_HISTORY", "the history file, default $XDG_STATE_HOME/errand/history"),
        EnvironmentVariable("ERRAND_CATALOGUE", "where ads come from (as --catalogue)"),
        EnvironmentVariable("ERRAND_CATALOGUE_MAX_AGE", "seconds before ads refreshes the cache, default 3600"),
        EnvironmentVariable("ERRAND_CATALOGUE_MAX_MB", "the largest document sync accepts, in MB, default 256"),
        EnvironmentVariable("ERRAND_REMOTE", "the CalDAV task collection `sync todos` exchanges with (as --remote)"),
        EnvironmentVariable("NETRC", "credentials for the remote, default ~/.netrc"),
        EnvironmentVariable("ERRAND_FETCH", """
            the download helper, default errand-fetch beside errand, else ../lib/errand/errand-fetch from \
            errand's folder
            """),
        EnvironmentVariable("ERRAND_PICTURE", """
            the photo drawing helper, default errand-picture beside errand, else \
            ../lib/errand/errand-picture from errand's folder
            """),
        EnvironmentVariable("ERRAND_ICAL", """
            the iCalendar helper (.ics files), default errand-ical beside errand, else \
            ../lib/errand/errand-ical from errand's folder
            """),
        EnvironmentVariable("ERRAND_GEOCODER", "geocoding service URL (Nominatim API), default OpenStreetMap's; off: none"),
        EnvironmentVariable("TERM", "at a terminal other than linux or dumb, an item's place links to its map"),
        EnvironmentVariable("NO_COLOR", "set to anything but empty: no colour"),
        EnvironmentVariable("LC_ALL", "the language of week labels, first of these three that is set"),
        EnvironmentVariable("LC_TIME", "the language of week labels, when LC_ALL is not set"),
        EnvironmentVariable("LANG", "the language of week labels otherwise; English for C and POSIX"),
        EnvironmentVariable("COLUMNS", "the screen's width when a terminal cannot be asked; a pipe or file is never cut"),
        EnvironmentVariable("LINES", "the screen's height when it cannot be asked"),
        EnvironmentVariable("HOME", "where the XDG folders are when their variables are not set"),
        EnvironmentVariable("XDG_DATA_HOME", "the store's folder is errand/ in it, default ~/.local/share"),
        EnvironmentVariable("XDG_STATE_HOME", "the history's folder is errand/ in it, default ~/.local/state"),
        EnvironmentVariable("XDG_CACHE_HOME", "ads' photos are cached in errand/images in it, default ~/.cache"),
        EnvironmentVariable("XDG_CONFIG_HOME", "the start-up file is errand/errandrc in it, default ~/.config"),
        EnvironmentVariable("VISUAL", "the editor `notes N` opens (then EDITOR, then vi)"),
        EnvironmentVariable("EDITOR", "the editor `notes N` opens when VISUAL is not set"),
        EnvironmentVariable("ERRAND_READY_FD", """
            for tests that drive errand's terminal: a descriptor told one line each time errand \
            waits for a line, an answer, a key or a watch's next run
            """),
        EnvironmentVariable("XDG_RUNTIME_DIR", "where `notes N` puts its private file while you edit, default the state folder"),
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
