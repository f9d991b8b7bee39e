import ErrandDomain
import FoundationEssentials

/// The sync tables (SQLiteSchema.syncState) as SyncRecords. The triggers on `item` mark
/// pending changes; these calls are the sync engine's own reads and writes.
extension SQLiteItemRecords: SyncRecords {
    static let entryColumns = "item, href, etag, base, pending, deleted"

    public func syncRemote() throws -> SyncRemote? {
        let s = try store.db.statement("""
            SELECT \(SQLiteRemoteColumns.names), name FROM sync_remote WHERE id = 1
            """)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return SQLiteRemoteColumns.read(s, from: 0, name: s.optionalText(7))
    }

    public func setSyncRemote(_ remote: SyncRemote?) throws {
        guard let remote else {
            try store.db.execute("DELETE FROM sync_remote; DELETE FROM sync_item;")
            return
        }
        let s = try store.db.statement("""
            INSERT INTO sync_remote (id, url, token, ctag, last_sync, last_result, last_failure_at, last_failure, name)
            VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            ON CONFLICT (id) DO UPDATE SET url = ?1, token = ?2, ctag = ?3, last_sync = ?4, last_result = ?5,
                last_failure_at = ?6, last_failure = ?7, name = ?8
            """)
        SQLiteRemoteColumns.bind(remote, to: s, from: 1)
        s.bind(8, remote.name)
        try s.run()
    }

    public func syncEntry(itemID: UUID) throws -> SyncEntry? {
        try entries("SELECT \(Self.entryColumns) FROM sync_item WHERE item = ?1") { $0.bind(1, UUIDText.of(itemID)) }.first
    }

    public func syncEntry(href: String) throws -> SyncEntry? {
        try entries("SELECT \(Self.entryColumns) FROM sync_item WHERE href = ?1") { $0.bind(1, href) }.first
    }

    /// The triggers mark every item's change while a remote is set, those of the other lists
    /// too: left out here (SyncRecords), in the one statement, they are no longer read an item
    /// at a time to be skipped (6,000 reads in a sync with nothing to do, 3 lists of 3,000).
    public func pendingSyncEntries() throws -> [SyncEntry] {
        try entries("""
            SELECT \(Self.entryColumns) FROM sync_item WHERE pending = 1 AND (href IS NOT NULL OR deleted = 1
                OR NOT EXISTS (SELECT 1 FROM item WHERE uuid = sync_item.item AND list_keys IS NOT NULL))
            """)
    }

    public func syncedEntries() throws -> [SyncEntry] {
        try entries("SELECT \(Self.entryColumns) FROM sync_item WHERE href IS NOT NULL")
    }

    public func unsyncedItemIDs() throws -> [UUID] {
        let s = try store.db.statement("SELECT uuid FROM item WHERE list_keys IS NULL AND uuid NOT IN (SELECT item FROM sync_item) ORDER BY seq")
        defer { s.reset() }
        var ids: [UUID] = []
        while try s.step() { if let id = UUID(uuidString: s.text(0)) { ids.append(id) } }
        return ids
    }

    public func putSyncEntry(_ entry: SyncEntry) throws {
        let s = try store.db.statement("""
            INSERT INTO sync_item (\(Self.entryColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (item) DO UPDATE SET href = ?2, etag = ?3, base = ?4, pending = ?5, deleted = ?6
            """)
        Self.bind(entry, s)
        try s.run()
    }

    /// An entry's columns (entryColumns) as ?1...?6, for the main list's table and the joined
    /// lists' alike.
    static func bind(_ entry: SyncEntry, _ s: SQLiteStatement) {
        s.bind(1, UUIDText.of(entry.itemID))
        s.bind(2, entry.href)
        s.bind(3, entry.etag)
        s.bind(4, entry.base)
        s.bind(5, entry.pending ? 1 : 0)
        s.bind(6, entry.deleted ? 1 : 0)
    }

    public func removeSyncEntry(itemID: UUID) throws {
        let s = try store.db.statement("DELETE FROM sync_item WHERE item = ?1")
        s.bind(1, UUIDText.of(itemID))
        try s.run()
    }

    func entries(_ sql: String, bind: (SQLiteStatement) -> Void = { _ in }) throws -> [SyncEntry] {
        let s = try store.db.statement(sql)
        defer { s.reset() }
        bind(s)
        var out: [SyncEntry] = []
        while try s.step() {
            guard let id = UUID(uuidString: s.text(0)) else { continue }
            out.append(SyncEntry(itemID: id, href: s.optionalText(1), etag: s.optionalText(2), base: s.optionalText(3),
                                 pending: s.int(4) != 0, deleted: s.int(5) != 0))
        }
        return out
    }
}
