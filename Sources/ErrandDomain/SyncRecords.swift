import FoundationEssentials

/// The sync state beside the items (see SyncEntry). Backends record a pending change for every
/// item they insert, update or remove while a remote is set, inside the change itself, so an
/// offline edit is never forgotten and a crash never separates an item from its mark.
///
/// The first nine members are the main list's collection; the others the lists that sync with
/// collections of their own (SyncList), each by its key, with entries of its own: an item of
/// such a list, or one that left it, is marked in that list's entries as the main list's are.
public protocol SyncRecords: ItemRecords {
    func syncRemote() throws -> SyncRemote?
    /// Setting nil forgets the remote and every entry of the main list (the items stay); the
    /// other synced lists stay.
    mutating func setSyncRemote(_ remote: SyncRemote?) throws
    func syncEntry(itemID: UUID) throws -> SyncEntry?
    func syncEntry(href: String) throws -> SyncEntry?
    /// Entries with a change to send: not those of items in another list that the main list's
    /// collection never held (nothing to send there, nothing to delete), which a sync looked
    /// up one by one only to skip (every item of a joined list has one).
    func pendingSyncEntries() throws -> [SyncEntry]
    /// Every entry that has an href (to compare with the server's listing).
    func syncedEntries() throws -> [SyncEntry]
    /// Items of the main list (no list value) no entry knows yet (made before the remote was
    /// set): the items of the other lists are their own lists' to send, and a sync looked each
    /// one up only to skip it.
    func unsyncedItemIDs() throws -> [UUID]
    mutating func putSyncEntry(_ entry: SyncEntry) throws
    mutating func removeSyncEntry(itemID: UUID) throws

    /// The lists syncing with collections of their own, by name.
    func syncLists() throws -> [SyncList]
    /// Adds the list, or changes its remote record; its entries stay.
    mutating func putSyncList(_ list: SyncList) throws
    /// Stops syncing the list: its record and entries go (its items stay, a list kept here).
    mutating func removeSyncList(key: String) throws
    func listSyncEntry(_ key: String, itemID: UUID) throws -> SyncEntry?
    func listSyncEntry(_ key: String, href: String) throws -> SyncEntry?
    func pendingListSyncEntries(_ key: String) throws -> [SyncEntry]
    func syncedListEntries(_ key: String) throws -> [SyncEntry]
    /// The list's items its entries do not know yet (made before it joined); every item of a
    /// list that does not sync with a collection of its own.
    func unsyncedListItemIDs(_ key: String) throws -> [UUID]
    mutating func putListSyncEntry(_ key: String, _ entry: SyncEntry) throws
    mutating func removeListSyncEntry(_ key: String, itemID: UUID) throws

    /// The conflicts kept (KeptConflict), newest first.
    func keptConflicts() throws -> [KeptConflict]
    /// The items a conflict not yet shown names: their rows are marked.
    func unseenConflictItemIDs() throws -> Set<UUID>
    /// Keeps a conflict a sync resolved; it is given the next number. Past
    /// KeptConflict.capacity the oldest go, decided ones first.
    @discardableResult
    mutating func keepConflict(_ conflict: KeptConflict) throws -> KeptConflict
    /// Stores a kept conflict's `seen` and `decided` as given (matched by id).
    mutating func updateConflict(_ conflict: KeptConflict) throws
}

extension Array where Element == KeptConflict {
    /// The conflicts to drop so that `count` stay within capacity: the oldest decided ones,
    /// then the oldest.
    package func overCapacity(adding count: Int = 0) -> [Int64] {
        let excess = self.count + count - KeptConflict.capacity
        guard excess > 0 else { return [] }
        let oldestFirst = sorted { $0.id < $1.id }
        let decided = oldestFirst.filter { $0.decided != nil }
        let open = oldestFirst.filter { $0.decided == nil }
        return (decided + open).prefix(excess).map { $0.id }
    }
}
