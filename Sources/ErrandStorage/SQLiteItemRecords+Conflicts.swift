import ErrandDomain
import FoundationEssentials

/// The kept conflicts (SQLiteSchema.syncConflicts) as SyncRecords keeps them.
extension SQLiteItemRecords {
    static let conflictColumns = "id, at, list, item, title, kind, fields, server_won, here, there, seen, decided"

    public func keptConflicts() throws -> [KeptConflict] {
        let s = try store.db.statement("SELECT \(Self.conflictColumns) FROM sync_conflict ORDER BY id DESC")
        defer { s.reset() }
        var found: [KeptConflict] = []
        while try s.step() {
            // A row a hand edit made unreadable (no item id, an unknown kind) is skipped, not fatal.
            guard let itemID = UUID(uuidString: s.text(3)), let kind = KeptConflict.Kind(rawValue: s.text(5)) else { continue }
            found.append(KeptConflict(id: s.int(0), at: Date(timeIntervalSince1970: Double(s.int(1))), list: s.optionalText(2),
                                      itemID: itemID, title: s.text(4), kind: kind, fields: JSONWords.decode(s.text(6)) ?? [],
                                      keptFromServer: s.int(7) != 0, here: ConflictVersion.item(json: s.optionalText(8)),
                                      there: ConflictVersion.item(json: s.optionalText(9)), seen: s.int(10) != 0,
                                      decided: s.optionalText(11).flatMap(KeptConflict.Decision.init(rawValue:))))
        }
        return found
    }

    public func unseenConflictItemIDs() throws -> Set<UUID> {
        let s = try store.db.statement("SELECT item FROM sync_conflict WHERE seen = 0")
        defer { s.reset() }
        var ids = Set<UUID>()
        while try s.step() { if let id = UUID(uuidString: s.text(0)) { ids.insert(id) } }
        return ids
    }

    @discardableResult
    public func keepConflict(_ conflict: KeptConflict) throws -> KeptConflict {
        // Past capacity the oldest go, decided ones first (as Array.overCapacity picks them),
        // without reading the kept versions.
        let drop = try store.db.statement("""
            DELETE FROM sync_conflict WHERE id IN (SELECT id FROM sync_conflict ORDER BY decided IS NULL, id
                LIMIT max(0, (SELECT count(*) FROM sync_conflict) + 1 - ?1))
            """)
        drop.bind(1, Int64(KeptConflict.capacity))
        try drop.run()
        let s = try store.db.statement("""
            INSERT INTO sync_conflict (at, list, item, title, kind, fields, server_won, here, there, seen, decided)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        s.bind(1, Int64(conflict.at.timeIntervalSince1970))
        s.bind(2, conflict.list)
        s.bind(3, UUIDText.of(conflict.itemID))
        s.bind(4, conflict.title)
        s.bind(5, conflict.kind.rawValue)
        s.bind(6, JSONWords.encode(conflict.fields))
        s.bind(7, conflict.keptFromServer ? 1 : 0)
        s.bind(8, ConflictVersion.json(conflict.here))
        s.bind(9, ConflictVersion.json(conflict.there))
        s.bind(10, conflict.seen ? 1 : 0)
        s.bind(11, conflict.decided?.rawValue)
        try s.run()
        var kept = conflict
        kept.id = try store.db.scalar("SELECT last_insert_rowid()")
        return kept
    }

    public func updateConflict(_ conflict: KeptConflict) throws {
        let s = try store.db.statement("UPDATE sync_conflict SET seen = ?2, decided = ?3 WHERE id = ?1")
        s.bind(1, conflict.id)
        s.bind(2, conflict.seen ? 1 : 0)
        s.bind(3, conflict.decided?.rawValue)
        try s.run()
    }
}
