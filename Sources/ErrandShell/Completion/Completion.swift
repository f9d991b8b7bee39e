/// The answer to a Tab: replace the last `replaceCount` characters before the cursor with a
/// candidate.
public struct Completion: Equatable, Sendable {
    public var replaceCount: Int
    public var candidates: [CompletionCandidate]

    public init(replaceCount: Int, candidates: [CompletionCandidate]) {
        self.replaceCount = replaceCount
        self.candidates = candidates
    }
}
