import FoundationEssentials

/// Sync state passes through the recorder untouched: the journal is about items.
extension JournalRecorder: SyncRecords where Base: SyncRecords {
    public func syncRemote() throws -> SyncRemote? { try base.syncRemote() }
    public mutating func setSyncRemote(_ remote: SyncRemote?) throws { try base.setSyncRemote(remote) }
    public func syncEntry(itemID: UUID) throws -> SyncEntry? { try base.syncEntry(itemID: itemID) }
    public func syncEntry(href: String) throws -> SyncEntry? { try base.syncEntry(href: href) }
    public func pendingSyncEntries() throws -> [SyncEntry] { try base.pendingSyncEntries() }
    public func syncedEntries() throws -> [SyncEntry] { try base.syncedEntries() }
    public func unsyncedItemIDs() throws -> [UUID] { try base.unsyncedItemIDs() }
    public mutating func putSyncEntry(_ entry: SyncEntry) throws { try base.putSyncEntry(entry) }
    public mutating func removeSyncEntry(itemID: UUID) throws { try base.removeSyncEntry(itemID: itemID) }
    public func syncLists() throws -> [SyncList] { try base.syncLists() }
    public mutating func putSyncList(_ list: SyncList) throws { try base.putSyncList(list) }
    public mutating func removeSyncList(key: String) throws { try base.removeSyncList(key: key) }
    public func listSyncEntry(_ key: String, itemID: UUID) throws -> SyncEntry? { try base.listSyncEntry(key, itemID: itemID) }
    public func listSyncEntry(_ key: String, href: String) throws -> SyncEntry? { try base.listSyncEntry(key, href: href) }
    public func pendingListSyncEntries(_ key: String) throws -> [SyncEntry] { try base.pendingListSyncEntries(key) }
    public func syncedListEntries(_ key: String) throws -> [SyncEntry] { try base.syncedListEntries(key) }
    public func unsyncedListItemIDs(_ key: String) throws -> [UUID] { try base.unsyncedListItemIDs(key) }
    public mutating func putListSyncEntry(_ key: String, _ entry: SyncEntry) throws { try base.putListSyncEntry(key, entry) }
    public mutating func removeListSyncEntry(_ key: String, itemID: UUID) throws {
        try base.removeListSyncEntry(key, itemID: itemID)
    }
    public func keptConflicts() throws -> [KeptConflict] { try base.keptConflicts() }
    public func unseenConflictItemIDs() throws -> Set<UUID> { try base.unseenConflictItemIDs() }
    public mutating func keepConflict(_ conflict: KeptConflict) throws -> KeptConflict { try base.keepConflict(conflict) }
    public mutating func updateConflict(_ conflict: KeptConflict) throws { try base.updateConflict(conflict) }
}
