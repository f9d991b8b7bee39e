import Foundation

/// One item as a change found it and left it: nil before for an item the change created, nil
/// after for one it removed. Undo puts `before` back, redo `after`; either is refused when the
/// item is no longer as the change left it.
public struct ItemChange: Equatable, Sendable {
    public var before: TodoItem?
    public var after: TodoItem?

    public init(before: TodoItem?, after: TodoItem?) {
        self.before = before
        self.after = after
    }

    /// The item's id: both sides, when present, have the same one.
    public var id: UUID? { (before ?? after)?.id }

    public var reversed: ItemChange { ItemChange(before: after, after: before) }
}


