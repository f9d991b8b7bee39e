#if canImport(Glibc)
import Glibc
#endif

/// fish's autosuggestion: the most recent history line that starts with what is typed, and
/// the rest of it to show after the line. Pure, so it is tested without a terminal. Lines are
/// kept newest first as UTF-8, and the last answer is remembered: each key press either
/// reuses it (the typed text still leads it) or scans from the newest line, stopping at the
/// first match; a 10,000-line history is a scan of byte prefixes, not of Strings.
public final class HistorySuggester {
    private var newestFirst: [[UInt8]] = []
    private let limit: Int
    private var lastTyped: [UInt8] = []
    private var lastMatch: [UInt8]?

    public init(history oldestFirst: [String], limit: Int) {
        self.limit = max(limit, 1)
        newestFirst = oldestFirst.suffix(self.limit).reversed().map { Array($0.utf8) }
    }

    /// A line just entered becomes the newest (an earlier copy of it moves up).
    public func remember(_ line: String) {
        let bytes = Array(line.utf8)
        newestFirst.removeAll { $0 == bytes }
        newestFirst.insert(bytes, at: 0)
        if newestFirst.count > limit { newestFirst.removeLast(newestFirst.count - limit) }
        lastMatch = nil
    }

    /// What would follow `typed` (UTF-8), or nil: nothing typed, nothing longer that starts
    /// with it, or a line that is all there already.
    public func rest(after typed: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard !typed.isEmpty else { return nil }
        if let lastMatch, typed.count >= lastTyped.count, lastMatch.count > typed.count,
           HistorySuggester.starts(lastMatch, with: typed) {
            lastTyped = Array(typed)
            return Array(lastMatch[typed.count...])
        }
        lastTyped = Array(typed)
        lastMatch = newestFirst.first { $0.count > typed.count && HistorySuggester.starts($0, with: typed) }
        return lastMatch.map { Array($0[typed.count...]) }
    }

    public func rest(after typed: String) -> String? {
        var bytes = Array(typed.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            rest(after: UnsafeBufferPointer(buffer)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The first word of `rest` with the spaces before it, as Alt-F takes it (a whole
    /// character: never half of a multi-byte one).
    public static func firstWord(of rest: String) -> String {
        let spaces = rest.prefix { $0 == " " }
        let word = rest.dropFirst(spaces.count).prefix { $0 != " " }
        return String(spaces) + String(word)
    }

    static func starts(_ line: [UInt8], with typed: UnsafeBufferPointer<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { whole in
            guard whole.count >= typed.count, let a = whole.baseAddress, let b = typed.baseAddress else { return typed.isEmpty }
            return memcmp(a, b, typed.count) == 0
        }
    }
}
