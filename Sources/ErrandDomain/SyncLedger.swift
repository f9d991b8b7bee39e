import FoundationEssentials

/// SyncRecords in memory, for ItemManager (the property-list backend keeps it in its file).
public struct SyncLedger: Equatable, Sendable {
    public var remote: SyncRemote?
    public private(set) var entries: [UUID: SyncEntry] = [:]
    private var byHref: [String: UUID] = [:]

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

    /// An item was added or changed here.
    public mutating func changed(_ id: UUID) {
        guard remote != nil else { return }
        var entry = entries[id] ?? SyncEntry(itemID: id)
        entry.pending = true
        entry.deleted = false
        put(entry)
    }

    /// An item was removed here: the server's copy goes at the next sync, if there is one.
    public mutating func removed(_ id: UUID) {
        guard remote != nil, var entry = entries[id] else { return }
        guard entry.href != nil else { return remove(id) }
        entry.pending = true
        entry.deleted = true
        put(entry)
    }

    public mutating func forget() {
        remote = nil
        entries = [:]
        byHref = [:]
    }
}
