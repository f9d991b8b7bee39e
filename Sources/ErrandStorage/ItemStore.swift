import ErrandDomain
import Foundation

/// The one storage protocol both backends implement (as the ads app's DAO had two).
///
/// Every mutating call is durable when it returns. Rule violations throw `DomainError`,
/// storage failures `StoreError`. Calls that take `expecting` act only if the stored item still
/// equals it, atomically: a listing made stale by another process never acts on the wrong item.
/// Backends differ only in how they keep items: the rules are the shared ones over
/// `ItemRecords` (ItemRecords+Rules in the domain, ItemRecords+Expecting here).
public protocol ItemStore: AnyObject {
    /// Where the data lives, as the user named it (for messages).
    var path: String { get }

    func counts() throws -> ItemCounts
    func item(id: UUID) throws -> TodoItem?
    /// A page of the To do section then the Done section, each in section order.
    func allItems(offset: Int, limit: Int) throws -> [TodoItem]
    /// A page of one day's items: To do first, then Done.
    func items(on day: DueDay, offset: Int, limit: Int) throws -> [TodoItem]
    func itemCount(on day: DueDay) throws -> Int
    /// Open items per day for `days` consecutive days from `start`.
    func openCounts(from start: DueDay, days: Int) throws -> [Int]

    /// Adds an open item at the end of To do (refused if an equal item is open).
    func add(_ item: TodoItem) throws -> TodoItem
    func setDone(_ done: Bool, id: UUID, expecting: TodoItem?) throws -> TodoItem
    func delete(id: UUID, expecting: TodoItem?) throws -> TodoItem
    /// Removes everything and returns what was removed, for undo.
    func removeAll() throws -> [TodoItem]
    /// Puts items back exactly as given (same id, state and sequence), replacing same-id items.
    func restore(_ items: [TodoItem]) throws
    /// Removes the items with these ids, if present (undo of create and import).
    func delete(ids: [UUID]) throws
    /// Adds items in one durable step, skipping duplicates; all or nothing.
    func importItems(_ items: [TodoItem]) throws -> ImportOutcome

    /// Starts a batch (`--single-transaction`): changes until `endBatch` are kept together
    /// and reach the disk all at once, or not at all; other processes wait for the end.
    func beginBatch() throws
    func endBatch(commit: Bool) throws

    func close()
}

extension ItemStore {
    public func allItems() throws -> [TodoItem] { try allItems(offset: 0, limit: .max) }
    public func items(on day: DueDay) throws -> [TodoItem] { try items(on: day, offset: 0, limit: .max) }
}
