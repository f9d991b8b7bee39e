import FoundationEssentials

extension ItemManager: SyncRecords {
    public func syncRemote() -> SyncRemote? { ledger.remote }

    public mutating func setSyncRemote(_ remote: SyncRemote?) {
        if let remote { ledger.remote = remote } else { ledger.forget() }
    }

    public func syncEntry(itemID: UUID) -> SyncEntry? { ledger.entries[itemID] }
    public func syncEntry(href: String) -> SyncEntry? { ledger.entry(href: href) }
    public func pendingSyncEntries() -> [SyncEntry] { ledger.entries.values.filter(\.pending) }
    public func syncedEntries() -> [SyncEntry] { ledger.entries.values.filter { $0.href != nil } }
    public func unsyncedItemIDs() -> [UUID] { items.map(\.id).filter { ledger.entries[$0] == nil } }
    public mutating func putSyncEntry(_ entry: SyncEntry) { ledger.put(entry) }
    public mutating func removeSyncEntry(itemID: UUID) { ledger.remove(itemID) }
}
