/// How `errand-fetch` hands a failure back to errand: one line, tab-separated, so the user sees
/// exactly the message an in-process download would have given.
extension CatalogueError {
    public var wireLine: String {
        let fields: [String]
        switch self {
        case let .unsupportedURL(url): fields = ["unsupported", url]
        case let .unreachable(url, reason): fields = ["unreachable", url, reason]
        case let .status(url, code): fields = ["status", url, String(code)]
        case let .contentType(url, type): fields = ["content-type", url, type]
        case let .tooLarge(url, limit): fields = ["too-large", url, String(limit)]
        case let .timedOut(url, seconds): fields = ["timed-out", url, String(seconds)]
        case let .stalled(url, seconds): fields = ["stalled", url, String(seconds)]
        case let .truncated(url): fields = ["truncated", url]
        case let .malformed(document, reason): fields = ["malformed", document, reason]
        case let .invalid(document, reason): fields = ["invalid", document, reason]
        case .cancelled: fields = ["cancelled"]
        }
        return fields.map { $0.replacingTabsAndNewlines }.joined(separator: "\t")
    }

    public init?(wireLine: String) {
        let f = wireLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch (f.first, f.count) {
        case ("unsupported", 2): self = .unsupportedURL(f[1])
        case ("unreachable", 3): self = .unreachable(url: f[1], reason: f[2])
        case ("status", 3): guard let code = Int(f[2]) else { return nil }; self = .status(url: f[1], code: code)
        case ("content-type", 3): self = .contentType(url: f[1], type: f[2])
        case ("too-large", 3): guard let limit = Int(f[2]) else { return nil }; self = .tooLarge(url: f[1], limit: limit)
        case ("timed-out", 3):
            guard let seconds = Double(f[2]) else { return nil }
            self = .timedOut(url: f[1], seconds: seconds)
        case ("stalled", 3):
            guard let seconds = Double(f[2]) else { return nil }
            self = .stalled(url: f[1], seconds: seconds)
        case ("truncated", 2): self = .truncated(url: f[1])
        case ("malformed", 3): self = .malformed(document: f[1], reason: f[2])
        case ("invalid", 3): self = .invalid(document: f[1], reason: f[2])
        case ("cancelled", 1): self = .cancelled
        default: return nil
        }
    }
}

extension String {
    fileprivate var replacingTabsAndNewlines: String {
        String(map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
