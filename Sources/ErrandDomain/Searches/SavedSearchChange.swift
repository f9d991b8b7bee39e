/// One saved search as a change found it and left it (nil before: saved; nil after:
/// forgotten), journaled beside the items so that `save` and `forget` are one undo step each.
public struct SavedSearchChange: Equatable, Sendable, Codable {
    public var before: SavedSearch?
    public var after: SavedSearch?

    public init(before: SavedSearch?, after: SavedSearch?) {
        self.before = before
        self.after = after
    }

    public var name: String { (after ?? before)?.name ?? "" }

    public var reversed: SavedSearchChange { SavedSearchChange(before: after, after: before) }
}
