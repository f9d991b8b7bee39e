import ErrandDomain
import FoundationEssentials

/// The joined lists' tables (SQLiteSchema.syncLists) as SyncRecords.
extension SQLiteItemRecords {
    public func syncLists() throws -> [SyncList] {
        let s = try store.db.statement("""
            SELECT name, \(SQLiteRemoteColumns.names) FROM sync_list ORDER BY key
            """)
        defer { s.reset() }
        var lists: [SyncList] = []
        while try s.step() {
            lists.append(SyncList(name: s.text(0), remote: SQLiteRemoteColumns.read(s, from: 1)))
        }
        return lists
    }

    public func putSyncList(_ list: SyncList) throws {
        let s = try store.db.statement("""
            INSERT INTO sync_list (key, name, url, token, ctag, last_sync, last_result, last_failure_at, last_failure)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            ON CONFLICT (key) DO UPDATE SET name = ?2, url = ?3, token = ?4, ctag = ?5, last_sync = ?6, last_result = ?7,
                last_failure_at = ?8, last_failure = ?9
            """)
        s.bind(1, list.key)
        s.bind(2, list.name)
        SQLiteRemoteColumns.bind(list.remote, to: s, from: 3)
        try s.run()
    }

    public func removeSyncList(key: String) throws {
        for sql in ["DELETE FROM sync_list_item WHERE list = ?1", "DELETE FROM sync_list WHERE key = ?1"] {
            let s = try store.db.statement(sql)
            s.bind(1, key)
            try s.run()
        }
    }

    public func listSyncEntry(_ key: String, itemID: UUID) throws -> SyncEntry? {
        try entries("SELECT \(Self.entryColumns) FROM sync_list_item WHERE list = ?1 AND item = ?2") {
            $0.bind(1, key)
            $0.bind(2, UUIDText.of(itemID))
        }.first
    }

    public func listSyncEntry(_ key: String, href: String) throws -> SyncEntry? {
        try entries("SELECT \(Self.entryColumns) FROM sync_list_item WHERE list = ?1 AND href = ?2") {
            $0.bind(1, key)
            $0.bind(2, href)
        }.first
    }

    public func pendingListSyncEntries(_ key: String) throws -> [SyncEntry] {
        try entries("SELECT \(Self.entryColumns) FROM sync_list_item WHERE list = ?1 AND pending = 1") { $0.bind(1, key) }
    }

    public func syncedListEntries(_ key: String) throws -> [SyncEntry] {
        try entries("SELECT \(Self.entryColumns) FROM sync_list_item WHERE list = ?1 AND href IS NOT NULL") { $0.bind(1, key) }
    }

    public func unsyncedListItemIDs(_ key: String) throws -> [UUID] {
        let s = try store.db.statement("""
            SELECT uuid FROM item WHERE list_keys IS NOT NULL AND json_extract(list_keys, '$[0]') = ?1
            AND uuid NOT IN (SELECT item FROM sync_list_item WHERE list = ?1) ORDER BY seq
            """)
        defer { s.reset() }
        s.bind(1, key)
        var ids: [UUID] = []
        while try s.step() { if let id = UUID(uuidString: s.text(0)) { ids.append(id) } }
        return ids
    }

    public func putListSyncEntry(_ key: String, _ entry: SyncEntry) throws {
        let s = try store.db.statement("""
            INSERT INTO sync_list_item (list, \(Self.entryColumns)) VALUES (?7, ?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (list, item) DO UPDATE SET href = ?2, etag = ?3, base = ?4, pending = ?5, deleted = ?6
            """)
        Self.bind(entry, s)
        s.bind(7, key)
        try s.run()
    }

    public func removeListSyncEntry(_ key: String, itemID: UUID) throws {
        let s = try store.db.statement("DELETE FROM sync_list_item WHERE list = ?1 AND item = ?2")
        s.bind(1, key)
        s.bind(2, UUIDText.of(itemID))
        try s.run()
    }
}
