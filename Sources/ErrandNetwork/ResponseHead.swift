/// The head of the response being received, line by line from libcurl's header callback. A
/// status line starts a new head: an interim 100 Continue or a followed redirect came before,
/// and what it said no longer applies. The blank line ends it.
struct ResponseHead {
    var status = 0
    /// Lower-cased names; a repeated header keeps its last value.
    var headers: [String: String] = [:]
    var complete = false
    /// Bytes of head taken so far, to refuse an endless head.
    var size = 0

    /// Takes one line as libcurl gave it (with its CRLF); true when it ended the head.
    mutating func take(_ line: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: line, as: UTF8.self)
        size += line.count
        if text.hasPrefix("HTTP/") {
            self = ResponseHead(size: size)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            // A status line may end at the code ("HTTP/1.1 200", no reason): its CRLF comes off first.
            status = fields.count > 1 ? Int(String(fields[1]).trimmingWhitespace) ?? 0 : 0
            return false
        }
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty {
            complete = true
            return true
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        let name = trimmed[..<colon].lowercased()
        headers[name] = String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace
        return false
    }

    /// An interim head (1xx), or a redirect that libcurl follows when `following`: the head
    /// that counts comes after it.
    func isInterim(following: Bool) -> Bool {
        (100..<200).contains(status) || (following && (300..<400).contains(status) && headers["location"] != nil)
    }

    /// The announced body length, nil when none or not a number.
    var contentLength: Int? {
        headers["content-length"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }
}

fileprivate extension String {
    /// Without leading and trailing spaces, tabs, CR and LF (FoundationEssentials has no trimming).
    var trimmingWhitespace: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
