import ErrandDomain
import ErrandHelpers

/// A collection discovery found that takes tasks: where it is and what its owner calls it.
public struct TaskList: Equatable, Sendable {
    public let path: CalDAVPath
    /// The server's displayname, bounded and without control characters (a name of 100 KB or
    /// one holding escape sequences must not reach the terminal as it came); the last path
    /// segment when the server gives none.
    public let name: String

    /// Names longer than this are cut (with "…"): a line per list must stay one line.
    static let nameLimit = 60

    public init(path: CalDAVPath, displayName: String?) {
        self.path = path
        let given = TextSafety.trimmed(TextSafety.neutralised(String((displayName ?? "").prefix(4 * TaskList.nameLimit)),
                                                              asSpace: ["\n", "\t", "\r"]))
        let fallback = path.path.split(separator: "/").last.map { URLPassword.percentDecoded(String($0)) ?? String($0) } ?? ""
        let name = given.isEmpty ? TextSafety.neutralised(fallback) : given
        self.name = name.count > TaskList.nameLimit ? String(name.prefix(TaskList.nameLimit - 1)) + "…" : name
    }

    /// `"Work" https://host/dav/calendars/me/work/`: how a list is named when the user must choose.
    public var line: String { "\"\(name)\" \(path.url)" }
}
