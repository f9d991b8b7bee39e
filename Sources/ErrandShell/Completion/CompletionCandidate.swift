/// One Tab candidate: what to insert (already quoted) and what to show in the list.
public struct CompletionCandidate: Equatable, Sendable {
    public var insert: String
    public var display: String
    /// false for a directory, so the user can keep typing the path.
    public var isComplete: Bool

    public init(insert: String, display: String, isComplete: Bool = true) {
        self.insert = insert
        self.display = display
        self.isComplete = isComplete
    }
}
