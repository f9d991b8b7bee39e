/// A file errand reads or writes, declared once for the man page's FILES section.
public struct ProgramFile: Sendable {
    public let path: String
    public let help: String

    public static let all: [ProgramFile] = [
        ProgramFile(path: "$XDG_DATA_HOME/errand/errand.sqlite", help: """
            the store (default ~/.local/share/errand/errand.sqlite), or the file given with --store; \
            a name ending in .plist is a property list. Made 0600, in a folder made 0700.
            """),
        ProgramFile(path: "$XDG_STATE_HOME/errand/history", help: """
            the lines typed at the keyboard (default ~/.local/state/errand/history), or ERRAND_HISTORY; \
            2000 lines, passwords in URLs masked.
            """),
        ProgramFile(path: StartupFile.displayPath, help: """
            the start-up file (default ~/.config/errand/errandrc): commands run at the start of every \
            session at the keyboard, one a line, like a script (blank lines and # comments skipped). \
            An error in it is reported as errandrc:LINE: message and the session starts all the same. \
            -X skips it; --rc runs it before a script too.
            """),
        ProgramFile(path: "/usr/lib/errand/errand-fetch", help: """
            the download helper errand runs for http and https catalogues; errand looks beside itself \
            first, then in ../lib/errand/ from its own folder; ERRAND_FETCH names another.
            """),
    ]
}
