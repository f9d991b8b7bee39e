import ErrandDomain
import FoundationEssentials

/// The records as one collection's sync sees them: its remote and entries are the main list's
/// (`list` nil) or a joined list's (SyncList), so the engine, the applier and the recorder,
/// written for one collection, run unchanged for each. Items are shared: a member received
/// here is made an item of the list, and a member deleted there deletes the item only while
/// it is still in the list (one moved to another list since keeps living there).
struct ScopedRecords<Base: SyncRecords>: SyncRecords {
    var base: Base
    /// nil: the main list.
    let list: SyncList?

    /// Whether `item` belongs to this collection's list.
    func holds(_ item: TodoItem) -> Bool {
        guard let list else { return item.list == nil }
        return item.list.map(ItemField.key) == list.key
    }

    /// Whether the list `item` is in now already has it on its server, or keeps it here only:
    /// a copy left behind in this collection may then go. A move between two synced lists
    /// deletes the old copy only after the PUT into the new collection was answered, so a
    /// sync killed between the two leaves the item on the server twice, never nowhere.
    func arrived(_ item: TodoItem) throws -> Bool {
        guard let name = item.list else {
            return try base.syncRemote() == nil || base.syncEntry(itemID: item.id)?.href != nil
        }
        let key = ItemField.key(name)
        guard try base.syncLists().contains(where: { $0.key == key }) else { return true }
        return try base.listSyncEntry(key, itemID: item.id)?.href != nil
    }

    // MARK: items

    func item(id: UUID) throws -> TodoItem? { try base.item(id: id) }
    func item(uid: String) throws -> TodoItem? { try base.item(uid: uid) }
    func hasOpenItem(withEntry key: EntryKey) throws -> Bool { try base.hasOpenItem(withEntry: key) }
    func itemsToRemind(by minute: Int) throws -> [TodoItem] { try base.itemsToRemind(by: minute) }
    func children(of uid: String) throws -> [TodoItem] { try base.children(of: uid) }
    func childCount(of uid: String) throws -> ChildCount { try base.childCount(of: uid) }
    func childCounts(of uids: [String]) throws -> [String: ChildCount] { try base.childCounts(of: uids) }
    func occurrences(of seriesUID: String) throws -> [TodoItem] { try base.occurrences(of: seriesUID) }
    func children(of parent: TodoItem, offset: Int, limit: Int) throws -> [CountedChild] {
        try base.children(of: parent, offset: offset, limit: limit)
    }
    mutating func nextSequence() throws -> Int64 { try base.nextSequence() }

    mutating func insert(_ item: TodoItem) throws {
        var made = item
        // The server never carries the list: the collection it came from is the list.
        if let list, made.list == nil { made.list = list.name }
        try base.insert(made)
    }

    mutating func update(_ item: TodoItem) throws { try base.update(item) }

    mutating func removeItem(id: UUID) throws {
        guard let item = try base.item(id: id), holds(item) else { return }
        try base.removeItem(id: id)
    }

    // MARK: this collection's sync state

    func syncRemote() throws -> SyncRemote? {
        guard let list else { return try base.syncRemote() }
        return try base.syncLists().first { $0.key == list.key }?.remote
    }

    mutating func setSyncRemote(_ remote: SyncRemote?) throws {
        guard let list else { return try base.setSyncRemote(remote) }
        // A joined list is never forgotten by its own sync: starting over keeps the list.
        if remote == nil { try base.removeSyncList(key: list.key) }
        try base.putSyncList(SyncList(name: list.name, remote: remote ?? SyncRemote(url: list.remote.url)))
    }

    func syncEntry(itemID: UUID) throws -> SyncEntry? {
        guard let list else { return try base.syncEntry(itemID: itemID) }
        return try base.listSyncEntry(list.key, itemID: itemID)
    }

    func syncEntry(href: String) throws -> SyncEntry? {
        guard let list else { return try base.syncEntry(href: href) }
        return try base.listSyncEntry(list.key, href: href)
    }

    func pendingSyncEntries() throws -> [SyncEntry] {
        guard let list else { return try base.pendingSyncEntries() }
        return try base.pendingListSyncEntries(list.key)
    }

    func syncedEntries() throws -> [SyncEntry] {
        guard let list else { return try base.syncedEntries() }
        return try base.syncedListEntries(list.key)
    }

    func unsyncedItemIDs() throws -> [UUID] {
        guard let list else { return try base.unsyncedItemIDs() }
        return try base.unsyncedListItemIDs(list.key)
    }

    mutating func putSyncEntry(_ entry: SyncEntry) throws {
        var entry = entry
        // A copy of an item that left this list stays to be deleted, whatever a merge of the
        // server's version of it found.
        if entry.href != nil, !entry.pending, let item = try base.item(id: entry.itemID), !holds(item) {
            entry.pending = true
        }
        guard let list else { return try base.putSyncEntry(entry) }
        try base.putListSyncEntry(list.key, entry)
    }

    mutating func removeSyncEntry(itemID: UUID) throws {
        guard let list else { return try base.removeSyncEntry(itemID: itemID) }
        try base.removeListSyncEntry(list.key, itemID: itemID)
    }

    // MARK: the other lists, as they are

    func syncLists() throws -> [SyncList] { try base.syncLists() }
    mutating func putSyncList(_ list: SyncList) throws { try base.putSyncList(list) }
    mutating func removeSyncList(key: String) throws { try base.removeSyncList(key: key) }
    func listSyncEntry(_ key: String, itemID: UUID) throws -> SyncEntry? { try base.listSyncEntry(key, itemID: itemID) }
    func listSyncEntry(_ key: String, href: String) throws -> SyncEntry? { try base.listSyncEntry(key, href: href) }
    func pendingListSyncEntries(_ key: String) throws -> [SyncEntry] { try base.pendingListSyncEntries(key) }
    func syncedListEntries(_ key: String) throws -> [SyncEntry] { try base.syncedListEntries(key) }
    func unsyncedListItemIDs(_ key: String) throws -> [UUID] { try base.unsyncedListItemIDs(key) }
    mutating func putListSyncEntry(_ key: String, _ entry: SyncEntry) throws { try base.putListSyncEntry(key, entry) }
    mutating func removeListSyncEntry(_ key: String, itemID: UUID) throws { try base.removeListSyncEntry(key, itemID: itemID) }

    // MARK: conflicts, every list's

    func keptConflicts() throws -> [KeptConflict] { try base.keptConflicts() }
    func unseenConflictItemIDs() throws -> Set<UUID> { try base.unseenConflictItemIDs() }
    mutating func keepConflict(_ conflict: KeptConflict) throws -> KeptConflict { try base.keepConflict(conflict) }
    mutating func updateConflict(_ conflict: KeptConflict) throws { try base.updateConflict(conflict) }
}
