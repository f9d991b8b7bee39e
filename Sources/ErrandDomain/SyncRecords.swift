import FoundationEssentials

/// The sync state beside the items (see SyncEntry). Backends record a pending change for every
/// item they insert, update or remove while a remote is set, inside the change itself, so an
/// offline edit is never forgotten and a crash never separates an item from its mark.
public protocol SyncRecords: ItemRecords {
    func syncRemote() throws -> SyncRemote?
    /// Setting nil forgets the remote and every entry (the items stay).
    mutating func setSyncRemote(_ remote: SyncRemote?) throws
    func syncEntry(itemID: UUID) throws -> SyncEntry?
    func syncEntry(href: String) throws -> SyncEntry?
    /// Entries with a change to send.
    func pendingSyncEntries() throws -> [SyncEntry]
    /// Every entry that has an href (to compare with the server's listing).
    func syncedEntries() throws -> [SyncEntry]
    /// Items no entry knows yet (made before the remote was set).
    func unsyncedItemIDs() throws -> [UUID]
    mutating func putSyncEntry(_ entry: SyncEntry) throws
    mutating func removeSyncEntry(itemID: UUID) throws
}
