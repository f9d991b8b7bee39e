/// What an import did: the items it added (with their stored sequence) and how many it skipped.
public struct ImportOutcome: Equatable, Sendable {
    public var added: [TodoItem]
    public var skipped: Int

    public init(added: [TodoItem], skipped: Int) {
        self.added = added
        self.skipped = skipped
    }
}
