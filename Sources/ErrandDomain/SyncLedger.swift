import FoundationEssentials

/// SyncRecords in memory, for ItemManager (the property-list backend keeps it in its file).
public struct SyncLedger: Equatable, Sendable {
    public var remote: SyncRemote?
    public private(set) var entries: [UUID: SyncEntry] = [:]
    private var byHref: [String: UUID] = [:]
    /// The lists syncing with collections of their own (SyncList), by key.
    public var joined: [String: JoinedLedger] = [:]
    /// The conflicts kept (KeptConflict), oldest first; a forgotten remote keeps them.
    public var conflicts: [KeptConflict] = []

    public init(remote: SyncRemote? = nil, entries: [SyncEntry] = []) {
        self.remote = remote
        for entry in entries { put(entry) }
    }

    public func entry(href: String) -> SyncEntry? { byHref[href].flatMap { entries[$0] } }

    public mutating func put(_ entry: SyncEntry) {
        if let old = entries[entry.itemID]?.href { byHref[old] = nil }
        entries[entry.itemID] = entry
        if let href = entry.href { byHref[href] = entry.itemID }
    }

    public mutating func remove(_ id: UUID) {
        if let old = entries.removeValue(forKey: id)?.href { byHref[old] = nil }
    }

    /// An item was added or changed here; `lists`: the keys of the lists it was and is in,
    /// whose entries hear of it too when they sync.
    public mutating func changed(_ id: UUID, lists: [String]) {
        for key in Set(lists) { joined[key]?.ledger.changed(id, lists: []) }
        guard remote != nil else { return }
        var entry = entries[id] ?? SyncEntry(itemID: id)
        entry.pending = true
        entry.deleted = false
        put(entry)
    }

    /// An item was removed here: the server's copy goes at the next sync, if there is one.
    public mutating func removed(_ id: UUID) {
        // Every list holding an entry for it: it may have left one for another (a move half synced).
        for key in joined.keys where joined[key]?.ledger.entries[id] != nil { joined[key]?.ledger.removed(id) }
        guard remote != nil, var entry = entries[id] else { return }
        guard entry.href != nil else { return remove(id) }
        entry.pending = true
        entry.deleted = true
        put(entry)
    }

    /// Forgets the main list's remote and entries; the joined lists stay.
    public mutating func forget() {
        remote = nil
        entries = [:]
        byHref = [:]
    }
}
