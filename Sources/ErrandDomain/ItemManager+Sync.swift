import FoundationEssentials

extension ItemManager: SyncRecords {
    public func syncRemote() -> SyncRemote? { ledger.remote }

    public mutating func setSyncRemote(_ remote: SyncRemote?) {
        if let remote { ledger.remote = remote } else { ledger.forget() }
    }

    public func syncEntry(itemID: UUID) -> SyncEntry? { ledger.entries[itemID] }
    public func syncEntry(href: String) -> SyncEntry? { ledger.entry(href: href) }
    public func pendingSyncEntries() -> [SyncEntry] {
        ledger.entries.values.filter { $0.pending && ($0.href != nil || $0.deleted || item(id: $0.itemID)?.list == nil) }
    }
    public func syncedEntries() -> [SyncEntry] { ledger.entries.values.filter { $0.href != nil } }
    public func unsyncedItemIDs() -> [UUID] { items.filter { $0.list == nil && ledger.entries[$0.id] == nil }.map(\.id) }
    public mutating func putSyncEntry(_ entry: SyncEntry) { ledger.put(entry) }
    public mutating func removeSyncEntry(itemID: UUID) { ledger.remove(itemID) }
}

/// The lists syncing with collections of their own, each kept as a ledger in `ledger.joined`.
extension ItemManager {
    public func syncLists() -> [SyncList] {
        ledger.joined.values.compactMap { joined in joined.ledger.remote.map { SyncList(name: joined.name, remote: $0) } }
            .sorted { $0.key < $1.key }
    }

    public mutating func putSyncList(_ list: SyncList) {
        var joined = ledger.joined[list.key] ?? JoinedLedger(name: list.name, ledger: SyncLedger())
        joined.name = list.name
        joined.ledger.remote = list.remote
        ledger.joined[list.key] = joined
    }

    public mutating func removeSyncList(key: String) { ledger.joined[key] = nil }

    public func listSyncEntry(_ key: String, itemID: UUID) -> SyncEntry? { ledger.joined[key]?.ledger.entries[itemID] }
    public func listSyncEntry(_ key: String, href: String) -> SyncEntry? { ledger.joined[key]?.ledger.entry(href: href) }

    public func pendingListSyncEntries(_ key: String) -> [SyncEntry] {
        ledger.joined[key]?.ledger.entries.values.filter(\.pending) ?? []
    }

    public func syncedListEntries(_ key: String) -> [SyncEntry] {
        ledger.joined[key]?.ledger.entries.values.filter { $0.href != nil } ?? []
    }

    public func unsyncedListItemIDs(_ key: String) -> [UUID] {
        let known = ledger.joined[key]?.ledger.entries ?? [:]
        return items.filter { $0.list.map(ItemField.key) == key && known[$0.id] == nil }.map(\.id)
    }

    public mutating func putListSyncEntry(_ key: String, _ entry: SyncEntry) { ledger.joined[key]?.ledger.put(entry) }
    public mutating func removeListSyncEntry(_ key: String, itemID: UUID) { ledger.joined[key]?.ledger.remove(itemID) }
}

/// The kept conflicts, in the ledger (the property-list backend writes them in its file).
extension ItemManager {
    public func keptConflicts() -> [KeptConflict] { ledger.conflicts.reversed() }

    public func unseenConflictItemIDs() -> Set<UUID> { Set(ledger.conflicts.filter { !$0.seen }.map(\.itemID)) }

    @discardableResult
    public mutating func keepConflict(_ conflict: KeptConflict) -> KeptConflict {
        var kept = conflict
        kept.id = (ledger.conflicts.map(\.id).max() ?? 0) + 1
        let dropped = Set(ledger.conflicts.overCapacity(adding: 1))
        ledger.conflicts.removeAll { dropped.contains($0.id) }
        ledger.conflicts.append(kept)
        return kept
    }

    public mutating func updateConflict(_ conflict: KeptConflict) {
        guard let at = ledger.conflicts.firstIndex(where: { $0.id == conflict.id }) else { return }
        ledger.conflicts[at].seen = conflict.seen
        ledger.conflicts[at].decided = conflict.decided
    }
}
