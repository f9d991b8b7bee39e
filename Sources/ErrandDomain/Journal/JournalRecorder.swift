import FoundationEssentials

/// Records every change made through it to the records it wraps: the shared rules run on it
/// unchanged, and the store journals what they did in the same transaction. An item changed
/// twice in one command keeps its first `before` and its last `after`.
public struct JournalRecorder<Base: ItemRecords>: ItemRecords {
    /// Where a store keeps the changes instead of `changes`, given each one as it is made (with
    /// the same item's earlier change to merge into): a command over 250,000 items held two
    /// copies of each in memory until it ended.
    public typealias Spool = (_ id: UUID, _ before: TodoItem?, _ after: TodoItem?) throws -> Void

    public var base: Base
    public private(set) var changes: [ItemChange] = []
    private var positions: [UUID: Int] = [:]
    private let spool: Spool?

    public init(_ base: Base, spool: Spool? = nil) {
        self.base = base
        self.spool = spool
    }

    public func item(id: UUID) throws -> TodoItem? { try base.item(id: id) }
    public func item(uid: String) throws -> TodoItem? { try base.item(uid: uid) }
    public func hasOpenItem(withEntry key: EntryKey) throws -> Bool { try base.hasOpenItem(withEntry: key) }
    public mutating func nextSequence() throws -> Int64 { try base.nextSequence() }
    public func itemsToRemind(by minute: Int) throws -> [TodoItem] { try base.itemsToRemind(by: minute) }
    public func children(of uid: String) throws -> [TodoItem] { try base.children(of: uid) }
    public func childCount(of uid: String) throws -> ChildCount { try base.childCount(of: uid) }
    public func childCounts(of uids: [String]) throws -> [String: ChildCount] { try base.childCounts(of: uids) }
    public func children(of parent: TodoItem, offset: Int, limit: Int) throws -> [CountedChild] {
        try base.children(of: parent, offset: offset, limit: limit)
    }
    public func occurrences(of seriesUID: String) throws -> [TodoItem] { try base.occurrences(of: seriesUID) }

    public mutating func insert(_ item: TodoItem) throws {
        try base.insert(item)
        try note(id: item.id, before: nil, after: item)
    }

    public mutating func update(_ item: TodoItem) throws {
        let before = try base.item(id: item.id)
        try base.update(item)
        try note(id: item.id, before: before, after: item)
    }

    public mutating func removeItem(id: UUID) throws {
        guard let before = try base.item(id: id) else { return }
        try base.removeItem(id: id)
        try note(id: id, before: before, after: nil)
    }

    /// For a change the base makes in bulk (removing every item) rather than item by item.
    public mutating func noteRemoved(_ items: [TodoItem]) throws {
        for item in items { try note(id: item.id, before: item, after: nil) }
    }

    private mutating func note(id: UUID, before: TodoItem?, after: TodoItem?) throws {
        if let spool { return try spool(id, before, after) }
        if let index = positions[id] {
            changes[index].after = after
        } else {
            positions[id] = changes.count
            changes.append(ItemChange(before: before, after: after))
        }
    }

    /// Changes whose item ended as it began (removed and put back unchanged) are not changes.
    /// Lazy: a filtered array would be one more copy of every change (100,000 checked rows
    /// held two items each), while the journal only walks them, one at a time.
    public var effective: LazyFilterSequence<[ItemChange]> { changes.lazy.filter { $0.before != $0.after } }
}
