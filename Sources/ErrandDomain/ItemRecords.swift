import FoundationEssentials

/// What the to-do rules need from wherever items are kept: two look-ups, a sequence counter
/// and plain writes, with no rule in any of them. ItemManager keeps the records in memory,
/// the SQLite backend in tables; the rules (ItemRecords+Rules.swift) are written once on top,
/// so a new backend implements these eleven and inherits every rule.
public protocol ItemRecords {
    func item(id: UUID) throws -> TodoItem?
    /// The item known by this iCalendar UID, compared as text.
    func item(uid: String) throws -> TodoItem?
    /// Whether an open item has this entry. A backend may narrow its search with an index,
    /// but which candidates are equal is `EntryKey`'s == to say.
    func hasOpenItem(withEntry key: EntryKey) throws -> Bool
    /// The items whose next reminder (TodoItem.nextReminderMinute) rings by this local
    /// minute: `remind`'s candidates. SQLite reads them from an index.
    func itemsToRemind(by minute: Int) throws -> [TodoItem]
    /// The items whose parent (TodoItem.parent) is this UID, To do then Done, each section in
    /// the order added and checked. SQLite reads them from an index.
    func children(of uid: String) throws -> [TodoItem]
    /// How many items have this parent, and how many of them are done, without reading them.
    func childCount(of uid: String) throws -> ChildCount
    /// `childCount` of each UID at once (a list page's rows): SQLite counts them in one
    /// statement; a UID without children may be left out.
    func childCounts(of uids: [String]) throws -> [String: ChildCount]
    /// A page of `parent`'s children (in `children`'s order, `parent` itself left out when it
    /// is its own parent), each with its own children counted: a parent's detail, read at once
    /// however many subtasks it has. SQLite reads it in one statement through item_parent.
    func children(of parent: TodoItem, offset: Int, limit: Int) throws -> [CountedChild]
    /// The finished occurrences recorded apart from the series of this UID (Occurrence), which
    /// go where the series goes. SQLite reads them from its UID index.
    func occurrences(of seriesUID: String) throws -> [TodoItem]
    /// A sequence above every stored one, for the item that changes now.
    mutating func nextSequence() throws -> Int64
    /// Stores an item whose id is not stored yet.
    mutating func insert(_ item: TodoItem) throws
    /// Replaces the stored item that has this item's id.
    mutating func update(_ item: TodoItem) throws
    /// Removes the item with this id, if there is one.
    mutating func removeItem(id: UUID) throws
}
