/// What a sync changed: ads that are new, changed, or gone.
public struct CatalogueChange: Equatable, Sendable {
    public var added: Int
    public var updated: Int
    public var removed: Int

    public init(added: Int, updated: Int, removed: Int) {
        self.added = added
        self.updated = updated
        self.removed = removed
    }
}
