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
}
