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

    /// Through item_remind_next: with nothing to ring, one index probe.
    public func itemsToRemind(by minute: Int) throws -> [TodoItem] {
        try store.rows("SELECT \(SQLiteItemStore.readColumns) FROM item WHERE remind_next <= ?1") { $0.bind(1, minute) }
    }

    /// A parent's children in ItemOrder.sections (To do, then Done, each as added), as the
    /// property-list backend sorts them: item_children holds that order (SQLiteSchema.leftovers),
    /// so a page is a walk of it, not a sort. Both sections sort by the same keys.
    static let childOrder = (["done"] + SQLitePagePlan.terms(ItemOrder.sections.toDo)).joined(separator: ", ")

    static let childrenSQL = "SELECT \(SQLiteItemStore.readColumns) FROM item WHERE parent = ?1 ORDER BY \(childOrder)"

    static let childPageSQL = """
        SELECT \(SQLiteItemStore.readColumns),
               (SELECT count(*) FROM item AS below WHERE below.parent = coalesce(item.uid, item.uuid)),
               (SELECT total(done) FROM item AS below WHERE below.parent = coalesce(item.uid, item.uuid))
        FROM item WHERE parent = ?1 AND uuid != ?2 ORDER BY \(childOrder) LIMIT ?3 OFFSET ?4
        """

    public func children(of uid: String) throws -> [TodoItem] {
        try store.rows(Self.childrenSQL) { $0.bind(1, uid) }
    }

    /// One statement: the page through item_parent, and each child's own children counted by
    /// a probe of the same index (its done column), never their rows.
    public func children(of parent: TodoItem, offset: Int, limit: Int) throws -> [CountedChild] {
        let s = try store.db.statement(Self.childPageSQL)
        s.bind(1, parent.uid)
        s.bind(2, UUIDText.of(parent.id))
        s.bind(3, max(0, limit))
        s.bind(4, max(0, offset))
        var page: [CountedChild] = []
        while try s.step() {
            let count = ChildCount(done: Int(s.int(SQLiteItemColumns.rowidIndex + 2)), total: Int(s.int(SQLiteItemColumns.rowidIndex + 1)))
            page.append(CountedChild(item: try store.row(s), count: count))
        }
        return page
    }

    /// From item_parent alone (its done column), never the rows.
    public func childCount(of uid: String) throws -> ChildCount {
        let s = try store.db.statement("SELECT count(*), total(done) FROM item WHERE parent = ?1")
        s.bind(1, uid)
        defer { s.reset() }
        guard try s.step() else { return ChildCount() }
        return ChildCount(done: Int(s.int(1)), total: Int(s.int(0)))
    }

    /// A page's counts in one statement through item_children, not a statement per row (40 of
    /// them were a tenth of `find WORD` at 1,000,000 items with subtasks, perf).
    public func childCounts(of uids: [String]) throws -> [String: ChildCount] {
        guard !uids.isEmpty else { return [:] }
        let s = try store.db.statement("""
            SELECT parent, count(*), total(done) FROM item WHERE parent IN (SELECT value FROM json_each(?1)) GROUP BY parent
            """)
        s.bind(1, JSONWords.encode(uids))
        defer { s.reset() }
        var counts: [String: ChildCount] = [:]
        while try s.step() { counts[s.text(0)] = ChildCount(done: Int(s.int(2)), total: Int(s.int(1))) }
        return counts
    }

    /// A range of item_uid (its expression, or SQLite would not use the index).
    public func occurrences(of seriesUID: String) throws -> [TodoItem] {
        let range = Occurrence.uids(of: seriesUID)
        return try store.rows("SELECT \(SQLiteItemStore.readColumns) FROM item WHERE coalesce(uid, uuid) >= ?1 AND coalesce(uid, uuid) < ?2") {
            $0.bind(1, range.from)
            $0.bind(2, range.below)
        }.filter { Occurrence.seriesUID(of: $0.uid) == seriesUID }
    }

    public func insert(_ item: TodoItem) throws { try write(SQLiteItemColumns.insertSQL, item) }
    public func update(_ item: TodoItem) throws { try write(SQLiteItemColumns.updateSQL, item) }

    public func removeItem(id: UUID) throws {
        let s = try store.db.statement("DELETE FROM item WHERE uuid = ?1")
        s.bind(1, UUIDText.of(id))
        try s.run()
    }

    private func write(_ sql: String, _ item: TodoItem) throws {
        let s = try store.db.statement(sql)
        s.bind(":uuid", UUIDText.of(item.id))
        s.bind(":title", item.title)
        s.bind(":notes", item.notes)
        s.bind(":due", SQLiteItemStore.dueKey(item.listDay))
        s.bind(":due_is_start", item.due == nil && item.start != nil ? 1 : nil as Int?)
        s.bind(":due_time", item.time?.minutes)
        s.bind(":place", item.location?.name)
        s.bind(":latitude", item.location?.coordinate?.latitude)
        s.bind(":longitude", item.location?.coordinate?.longitude)
        s.bind(":done", item.isDone ? 1 : 0)
        s.bind(":created", Int64(item.created.timeIntervalSince1970))
        s.bind(":seq", item.sequence)
        s.bind(":repeat_rule", item.repeats?.stored)
        // NULL when it is the uuid's text, as for every item made here (see SQLiteSchema, 7).
        s.bind(":uid", item.uid == UUIDText.of(item.id) ? nil : item.uid)
        s.bind(":modified", Int64(item.modified.timeIntervalSince1970))
        s.bind(":icalendar", item.icalendar)
        // Empty unless the title is not NFC: a new title is (validated() normalises it), but
        // undo puts back items exactly as an older version may have stored them.
        s.bind(":title_nfc", CanonicalText.nfcIfChanged(item.title))
        s.bind(":remind_next", item.nextReminderMinute)
        s.bind(":place_key", item.location.map { PlaceKey.of($0.name) })
        s.bind(":words", FoldedWords.of(title: item.title, notes: item.notes, place: item.location?.name))
        for field in ItemField.declared { SQLiteItemColumns.bind(field, item.fields[field], to: s) }
        try s.run()
    }
}
