/// What a download is expected to be, which decides the Accept header sent and the
/// Content-Type answers refused before a byte of the body is kept.
public enum ContentKind: String, Sendable {
    case json, image

    public var acceptHeader: String {
        switch self {
        case .json: return "application/json"
        case .image: return "image/jpeg, image/png;q=0.9, image/*;q=0.5"
        }
    }

    /// Whether a Content-Type (lower-cased) may be this kind; none at all is let through, as
    /// servers of static files often send none.
    public func accepts(_ type: String) -> Bool {
        if type.isEmpty || type.contains("octet-stream") { return true }
        switch self {
        case .json: return type.contains("json") || type.contains("text/plain")
        case .image: return type.hasPrefix("image/")
        }
    }
}
