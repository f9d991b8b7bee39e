import ErrandDomain
import FoundationEssentials

/// The item table as the shared rules see it (ItemRecords), used inside one of the store's
/// write transactions. Look-ups go through indexes: the id through uuid's, the equal-item
/// candidates through item_same_entry, which holds each title's NFC form: the title itself,
/// or for a title an older version stored un-normalised, title_nfc (SQLiteSchema, version 5).
public struct SQLiteItemRecords: ItemRecords {
    let store: SQLiteItemStore

    /// Narrows by the indexed columns only: which candidate is equal is EntryKey's to say.
    /// The expression is item_same_entry's own, or SQLite would not use the index.
    static let sameEntrySQL = """
        SELECT \(SQLiteItemStore.readColumns) FROM item WHERE coalesce(title_nfc, title) = ?1 AND due = ?2 AND done = 0
        """
    /// Both number the row alike: ?1 the id, then the other columns in `columns` order, then
    /// ?16 title_nfc.
    static let insertSQL = """
        INSERT INTO item (\(SQLiteItemStore.columns), title_nfc)
        VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16)
        """
    static let updateSQL = """
        UPDATE item SET title = ?2, notes = ?3, due = ?4, due_time = ?5, place = ?6, latitude = ?7,
            longitude = ?8, done = ?9, created = ?10, seq = ?11, repeat_rule = ?12, uid = ?13, modified = ?14,
            icalendar = ?15, title_nfc = ?16
        WHERE uuid = ?1
        """

    public func item(id: UUID) throws -> TodoItem? { try store.item(id: id) }
    public func item(uid: String) throws -> TodoItem? { try store.item(uid: uid) }

    public func hasOpenItem(withEntry key: EntryKey) throws -> Bool {
        let candidates = try store.rows(Self.sameEntrySQL) {
            // Reopening an item an older version stored un-normalised looks it up by its own
            // title: the NFC form is what the index holds.
            $0.bind(1, CanonicalText.nfc(key.title))
            $0.bind(2, SQLiteItemStore.dueKey(key.due))
        }
        return candidates.contains { EntryKey($0) == key }
    }

    public func nextSequence() throws -> Int64 { try store.nextSequence() }
    public func insert(_ item: TodoItem) throws { try write(Self.insertSQL, item) }
    public func update(_ item: TodoItem) throws { try write(Self.updateSQL, item) }

    public func removeItem(id: UUID) throws {
        let s = try store.db.statement("DELETE FROM item WHERE uuid = ?1")
        s.bind(1, UUIDText.of(id))
        try s.run()
    }

    private func write(_ sql: String, _ item: TodoItem) throws {
        let s = try store.db.statement(sql)
        s.bind(1, UUIDText.of(item.id))
        s.bind(2, item.title)
        s.bind(3, item.notes)
        s.bind(4, SQLiteItemStore.dueKey(item.due))
        s.bind(5, item.time?.minutes)
        s.bind(6, item.location?.name)
        s.bind(7, item.location?.coordinate?.latitude)
        s.bind(8, item.location?.coordinate?.longitude)
        s.bind(9, item.isDone ? 1 : 0)
        s.bind(10, Int64(item.created.timeIntervalSince1970))
        s.bind(11, item.sequence)
        s.bind(12, item.repeats?.stored)
        // NULL when it is the uuid's text, as for every item made here (see SQLiteSchema, 7).
        s.bind(13, item.uid == UUIDText.of(item.id) ? nil : item.uid)
        s.bind(14, Int64(item.modified.timeIntervalSince1970))
        s.bind(15, item.icalendar)
        // Empty unless the title is not NFC: a new title is (validated() normalises it), but
        // undo puts back items exactly as an older version may have stored them.
        s.bind(16, CanonicalText.nfcIfChanged(item.title))
        try s.run()
    }
}
