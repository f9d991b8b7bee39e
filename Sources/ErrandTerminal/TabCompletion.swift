/// A completion answer in terminal terms: how many characters before the cursor to replace
/// and the candidates (text to insert, text to list). The terminal layer knows nothing else.
public struct TabCompletion: Sendable {
    public var replaceCount: Int
    public var candidates: [(insert: String, display: String, complete: Bool)]

    public init(replaceCount: Int, candidates: [(insert: String, display: String, complete: Bool)]) {
        self.replaceCount = replaceCount
        self.candidates = candidates
    }

    /// What Tab does to the line, given the text before the cursor.
    public enum Step: Equatable, Sendable {
        /// Nothing to offer: libedit beeps.
        case nothing
        /// `typed` (the end of the text before the cursor) becomes `with`.
        case replace(typed: String, with: String)
        /// Several candidates and nothing they share beyond what is typed: listed under the line.
        case list([String])
    }

    /// One candidate replaces what is typed (and a space follows a complete word); several
    /// with a longer shared prefix put that prefix in (unless it would drop an opening quote the
    /// person typed); otherwise they are listed.
    public func step(before: String) -> Step {
        guard !candidates.isEmpty else { return .nothing }
        let typed = String(before.suffix(replaceCount))
        if candidates.count == 1, let only = candidates.first {
            return .replace(typed: typed, with: only.insert + (only.complete ? " " : ""))
        }
        let common = commonPrefix
        if common.count > typed.count, common.hasPrefix(typed) || !typed.hasPrefix("\"") {
            return .replace(typed: typed, with: common)
        }
        return .list(candidates.map(\.display))
    }

    /// The longest prefix shared by every candidate's insert text.
    public var commonPrefix: String {
        guard var prefix = candidates.first?.insert else { return "" }
        for candidate in candidates.dropFirst() {
            while !candidate.insert.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
