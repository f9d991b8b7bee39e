#if canImport(Glibc)
import Glibc
#endif

/// fish's autosuggestion: the most recent history line that starts with what is typed, and
/// the rest of it to show after the line. Pure, so it is tested without a terminal. Lines are
/// kept newest first as UTF-8, and the last answer is remembered: a key typed on reuses it
/// (its match still leads, or there was none, so there is none now); otherwise the lines are
/// scanned from the newest, stopping at the first match: byte prefixes, not Strings.
public final class HistorySuggester {
    /// Every line back to back, oldest first, and where each starts: one buffer to scan, so
    /// a key press is a loop of memcmp over 10,000 lines and no per-line object. A line
    /// entered again is appended again (the newer copy is met first); the oldest lines are
    /// dropped once there are half as many again as `limit`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private let limit: Int
    private var lastTyped: [UInt8] = []
    private var lastMatch: [UInt8]?

    public init(history oldestFirst: [String], limit: Int) {
        self.limit = max(limit, 1)
        for line in oldestFirst.suffix(self.limit) { append(line) }
    }

    /// A line just entered becomes the newest.
    public func remember(_ line: String) {
        append(line)
        if starts.count > limit + limit / 2, let cut = starts.dropFirst(starts.count - limit).first {
            bytes.removeFirst(cut)
            starts = starts.suffix(limit).map { $0 - cut }
        }
        lastTyped = []
        lastMatch = nil
    }

    private func append(_ line: String) {
        starts.append(bytes.count)
        bytes += line.utf8
    }

    /// The newest line longer than `typed` that starts with it.
    private func newest(startingWith typed: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { all -> [UInt8]? in
            guard let base = all.baseAddress, let wanted = typed.baseAddress else { return nil }
            var end = all.count
            for start in starts.reversed() {
                if end - start > typed.count, memcmp(base + start, wanted, typed.count) == 0 {
                    return Array(all[start..<end])
                }
                end = start
            }
            return nil
        }
    }

    /// What would follow `typed` (UTF-8), or nil: nothing typed, nothing longer that starts
    /// with it, or a line that is all there already.
    public func rest(after typed: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard !typed.isEmpty else { return nil }
        // Typing on after the last answer: its match still leads, or, if there was none,
        // a longer line cannot have one either.
        if typed.count >= lastTyped.count, !lastTyped.isEmpty, HistorySuggester.starts(typed, with: lastTyped) {
            guard let lastMatch else {
                lastTyped = Array(typed)
                return nil
            }
            if lastMatch.count > typed.count, HistorySuggester.starts(lastMatch, with: typed) {
                lastTyped = Array(typed)
                return Array(lastMatch[typed.count...])
            }
        }
        lastTyped = Array(typed)
        lastMatch = newest(startingWith: typed)
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

    static func starts(_ typed: UnsafeBufferPointer<UInt8>, with earlier: [UInt8]) -> Bool {
        earlier.withUnsafeBufferPointer { starts(typed, with: $0) }
    }

    static func starts(_ line: [UInt8], with typed: UnsafeBufferPointer<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { starts($0, with: typed) }
    }

    static func starts(_ whole: UnsafeBufferPointer<UInt8>, with typed: UnsafeBufferPointer<UInt8>) -> Bool {
        guard whole.count >= typed.count else { return false }
        guard let a = whole.baseAddress, let b = typed.baseAddress else { return typed.isEmpty }
        return memcmp(a, b, typed.count) == 0
    }
}

extension HistorySuggester {
    /// Every line, the newest first, each once (where it was last entered, without the spaces
    /// that end it: `find x ` is `find x`): what Ctrl-R ranks.
    public func linesNewestFirst() -> [String] {
        var seen = Set<String>()
        var lines: [String] = []
        var end = bytes.count
        for start in starts.reversed() {
            var last = end
            while last > start, bytes[last - 1] == 0x20 { last -= 1 }
            let line = String(decoding: bytes[start..<last], as: UTF8.self)
            end = start
            guard !line.isEmpty else { continue }
            if seen.insert(line).inserted { lines.append(line) }
        }
        return lines
    }
}
