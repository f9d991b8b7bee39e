/// A completion answer in terminal terms: how many characters before the cursor to replace
/// and the candidates (text to insert, text to list). The terminal layer knows nothing else.
public struct TabCompletion: Sendable {
    public var replaceCount: Int
    public var candidates: [(insert: String, display: String, complete: Bool)]

    public init(replaceCount: Int, candidates: [(insert: String, display: String, complete: Bool)]) {
        self.replaceCount = replaceCount
        self.candidates = candidates
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
