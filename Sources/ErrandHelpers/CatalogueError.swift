import ErrandDomain

/// Every way fetching or reading a catalogue fails, as one line that says what to do.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    case unsupportedURL(String)
    case unreachable(url: String, reason: String)
    case status(url: String, code: Int)
    case contentType(url: String, type: String)
    case tooLarge(url: String, limit: Int)
    /// The whole request or download took longer than its total limit.
    case timedOut(url: String, seconds: Double)
    /// Nothing moved, either way, for the idle limit (a CalDAV request names this one apart).
    case stalled(url: String, seconds: Double)
    case truncated(url: String)
    case malformed(document: String, reason: String)
    case invalid(document: String, reason: String)
    /// Ctrl-C during the download: SIGINT reached the helper with errand.
    case cancelled

    /// URLs in it may carry a password (`https://u:pw@host/`): it is masked here, so no
    /// message made from this error shows it.
    public var description: String { Secrets.redacted(plainDescription) }

    var plainDescription: String {
        switch self {
        case let .unsupportedURL(url):
            return "cannot fetch \(url): use an http, https or file URL"
        case let .unreachable(url, reason):
            return "cannot reach \(url): \(reason)"
        case let .status(url, code):
            return "\(url) answered HTTP \(code)" + (code == 404 ? " (not found: is the base URL right?)" : "")
        case let .contentType(url, type):
            return "\(url) sent \(type), not JSON"
        case let .tooLarge(url, limit):
            return "\(url) is larger than the \(limit / 1_048_576) MB limit; nothing was kept"
        case let .timedOut(url, seconds):
            return "\(url) did not finish within \(Int(seconds)) s"
        case let .stalled(url, seconds):
            return "\(url) sent nothing for \(Int(seconds)) s (the idle limit)"
        case let .truncated(url):
            return "\(url) ended before its announced length (truncated)"
        case let .malformed(document, reason):
            return "\(document) is not valid JSON: \(reason)"
        case let .invalid(document, reason):
            return "\(document): \(reason)"
        case .cancelled:
            return "cancelled; the cache is unchanged"
        }
    }
}
