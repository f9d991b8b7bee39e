import ErrandDomain
import FoundationEssentials

/// The stale-listing rule, once for every backend: a call made from a listing names the item
/// as it was listed and acts only if the stored item still equals it. Otherwise nothing is
/// done and the error says why, in the same words whichever backend holds the items.
extension ItemRecords {
    /// The stored item when it still equals `expecting`; with nothing expected, any stored item.
    func current(id: UUID, expecting: TodoItem?) throws -> TodoItem {
        guard let expecting else { return try existing(id: id) }
        guard let stored = try item(id: id) else { throw StoreError.vanished(title: expecting.title) }
        guard stored == expecting else { throw StoreError.changed(title: expecting.title) }
        return stored
    }

    /// Holds every listed item against the stored one before any is changed, so a stale row
    /// is refused before a rule refuses another, as when they were all read first; nothing is
    /// kept, so a many-row change does not hold a second copy of every item. The change then
    /// reads each again as it writes it (`current`), under the same lock.
    func holdAll(_ listed: [TodoItem]) throws {
        for item in listed { _ = try current(id: item.id, expecting: item) }
    }

    mutating func setDone(_ done: Bool, id: UUID, expecting: TodoItem?, at now: Date) throws -> TodoItem {
        try setDone(done, stored: current(id: id, expecting: expecting), at: now)
    }

    mutating func edit(_ changed: TodoItem, expecting: TodoItem?, at now: Date) throws -> TodoItem {
        try edit(changed, stored: current(id: changed.id, expecting: expecting), at: now)
    }

    mutating func delete(id: UUID, expecting: TodoItem?) throws -> TodoItem {
        let deleted = try current(id: id, expecting: expecting)
        try removeItem(id: id)
        return deleted
    }
}
