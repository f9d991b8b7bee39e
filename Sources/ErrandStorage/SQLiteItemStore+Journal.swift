import ErrandDomain
import FoundationEssentials

/// The undo journal in the `journal` table (schema version 7), written in the transaction that
/// changes the items; the entries undone (the ones redo applies) are marked in `journal_undo`
/// (SQLiteSchema.journalUndoMarks), so that undo and redo never write an entry's row again.
extension SQLiteItemStore {
    static let journalColumns = "id, time, command, \(undoneColumn), changes, searches"
    static let undoneColumn = "id IN (SELECT id FROM journal_undo)"

    /// The entry `step` applies next: undo the newest not undone, redo the oldest undone.
    static func nextEntry(_ step: JournalStep, columns: String) -> String {
        switch step {
        case .undo: "SELECT \(columns) FROM journal WHERE id NOT IN (SELECT id FROM journal_undo) ORDER BY id DESC LIMIT 1"
        case .redo: "SELECT \(columns) FROM journal WHERE id IN (SELECT id FROM journal_undo) ORDER BY id LIMIT 1"
        }
    }

    public func journal(limit: Int) throws -> [JournalEntry] {
        try journalRows("SELECT \(Self.journalColumns) FROM journal ORDER BY id DESC LIMIT ?1") {
            $0.bind(1, limit)
        }
    }

    /// `log`'s entries, each with its tally (`counted`, from its SQLiteJournalBrief) instead of
    /// its changes, which are not read. The saved searches are read only for an entry that
    /// touched no item: reaching them walks past the changes in the row.
    func journalInBrief(limit: Int) throws -> [JournalEntry] {
        let s = try db.statement("""
            SELECT id, time, command, \(Self.undoneColumn), found, created, touched, firsts,
                CASE WHEN touched IS NULL OR touched = 0 THEN searches END
            FROM journal LEFT JOIN journal_brief USING (id) ORDER BY id DESC LIMIT ?1
            """)
        s.bind(1, limit)
        defer { s.reset() }
        var entries: [JournalEntry] = []
        while try s.step() {
            let id = s.int(0)
            let tally = try SQLiteJournalBrief.tally(s, from: 4, path: path)
                ?? SQLiteJournalBrief.counting(db, row: id).tally(path: path)
            let searches = try s.optionalText(8).map { try decodeSearches($0) } ?? []
            var entry = JournalEntry(id: id, time: Date(timeIntervalSince1970: Double(s.int(1))), command: s.text(2),
                                     changes: [], searches: searches, undone: s.int(3) != 0)
            entry.counted = tally
            entries.append(entry)
        }
        return entries
    }

    /// ItemStore.eachJournalSubject: the entry's changes read a piece at a time
    /// (SQLiteJournalReader); its tally says whether it found items or only created them.
    func eachJournalSubject(of entry: JournalEntry, _ body: (TodoItem) throws -> Void) throws {
        let found = entry.tally.found > 0
        let reader: SQLiteJournalReader
        do {
            reader = try SQLiteJournalReader(db, row: entry.id, path: path)
        } catch {
            let exists = try db.statement("SELECT 1 FROM journal WHERE id = ?1")
            exists.bind(1, entry.id)
            defer { exists.reset() }
            guard try exists.step() else { throw StoreError.journalEntryGone(path: path) }
            throw error
        }
        defer { reader.close() }
        try reader.each(.redo) { change in
            if let item = found ? change.before : change.after { try body(item) }
        }
    }

    /// As appendIrreversible writes it: no changes ('[]') and no saved searches.
    public func irreversibleCommand(for step: JournalStep) throws -> String? {
        let s = try db.statement(Self.nextEntry(step, columns: "id, command, typeof(changes) = 'text' AND searches IS NULL"))
        defer { s.reset() }
        guard try s.step(), s.int(2) != 0 else { return nil }
        let (id, command) = (s.int(0), s.text(1))
        return try SQLiteJournalReader.holdsNoChanges(db, row: id) ? command : nil
    }

    public func journalEntry(for step: JournalStep) throws -> JournalEntry? {
        try journalRows(Self.nextEntry(step, columns: Self.journalColumns)).first
    }

    /// ItemStore.apply: the next entry applied with its changes read a piece at a time
    /// (SQLiteJournalReader), twice (checked, then applied); what is returned holds their
    /// tally rather than the changes.
    func applyReading(_ step: JournalStep) throws -> JournalEntry? {
        let sql = Self.nextEntry(step, columns: "id, time, command, \(Self.undoneColumn), NULL, searches")
        guard var entry = try journalRows(sql, changes: false).first else { return nil }
        let head = entry
        try applyJournal(step, head) { records in
            let reader = try SQLiteJournalReader(db, row: head.id, path: path)
            defer { reader.close() }
            var tally = ChangeTally()
            var counting = true
            try records.apply(step, command: head.command) { body in
                try reader.each(step) { change in
                    if counting { step == .undo ? tally.count(change.reversed, backwards: true) : tally.count(change) }
                    try body(change)
                }
                counting = false
            }
            entry.counted = tally
        }
        return entry
    }

    public func applyJournal(_ step: JournalStep, _ entry: JournalEntry,
                             _ body: (inout JournalRecorder<SQLiteItemRecords>) throws -> Void) throws {
        try db.writeTransaction {
            // Undo is not journaled again: the entry flips, so nothing the recorder saw is kept.
            var records = JournalRecorder(SQLiteItemRecords(store: self)) { _, _, _ in }
            try body(&records)
            try applySearches(step, entry)
            let s = try db.statement(step == .undo ? "INSERT OR IGNORE INTO journal_undo (id) VALUES (?1)"
                                                     : "DELETE FROM journal_undo WHERE id = ?1")
            s.bind(1, entry.id)
            try s.run()
        }
    }

    /// Called inside the change's transaction: a new change ends what redo could apply, and
    /// the journal keeps its newest `JournalEntry.capacity` entries.
    func appendJournal(_ spool: SQLiteChangeSpool, as context: JournalContext) throws {
        var length = 0
        var count = 0
        var brief = SQLiteJournalBrief()
        try spool.changes { change, before, after in
            length += change.count
            count += 1
            brief.count(before: before, after: after) { Array(change) }
        }
        guard count > 0 else { return }
        try endRedo()
        let insert = try db.statement("INSERT INTO journal (time, command, changes) VALUES (?1, ?2, ?3) RETURNING id")
        insert.bind(1, Int64(context.time.timeIntervalSince1970))
        insert.bind(2, context.command)
        // Sized first, then written in place from the spool: the JSON of a large change (400 MB
        // for 500,000 imported items) is never whole in memory, nor copied into SQLite's record
        // of the row. A JSON array: the brackets and a comma between changes.
        insert.bindZeros(3, count: length + 2 + count - 1)
        guard try insert.step() else { throw StoreError.sqlite(path: path, reason: "the undo journal refused an entry") }
        let id = insert.int(0)
        insert.reset()
        let text = try SQLiteJournalText(db, row: id, path: path)
        try text.append([UInt8(ascii: "[")])
        var first = true
        try spool.changes { change, _, _ in
            if !first { try text.append([UInt8(ascii: ",")]) }
            first = false
            try text.append(Array(change))
        }
        try text.append([UInt8(ascii: "]")])
        try text.finish()
        try brief.write(db, row: id)
        try pruneJournal(below: id)
    }

    /// A new change ends what redo could apply, and the mark of a change undo cannot revert
    /// (appendIrreversible) once another change follows it.
    func endRedo() throws {
        try db.statement("DELETE FROM journal WHERE id IN (SELECT id FROM journal_undo)").run()
        try db.statement("DELETE FROM journal_undo").run()
        // Compared through blob I/O: `changes = '[]'` in SQL read the whole value, and after
        // a large import that is hundreds of megabytes.
        let newest = try db.statement("""
            SELECT id FROM journal WHERE id = (SELECT max(id) FROM journal) AND typeof(changes) = 'text' AND searches IS NULL
            """)
        let id = try newest.step() ? newest.int(0) : nil
        newest.reset()
        guard let id, try SQLiteJournalReader.holdsNoChanges(db, row: id) else { return }
        let delete = try db.statement("DELETE FROM journal WHERE id = ?1")
        delete.bind(1, id)
        try delete.run()
    }

    /// Inside the change's transaction: a change undo cannot revert (`star`) is journaled as
    /// an entry without changes (JournalEntry.isIrreversible), so that undo refuses instead of
    /// reverting the change before it.
    func appendIrreversible(_ context: JournalContext) throws {
        try endRedo()
        let insert = try db.statement("INSERT INTO journal (time, command, changes) VALUES (?1, ?2, '[]') RETURNING id")
        insert.bind(1, Int64(context.time.timeIntervalSince1970))
        insert.bind(2, context.command)
        guard try insert.step() else { throw StoreError.sqlite(path: path, reason: "the undo journal refused an entry") }
        let id = insert.int(0)
        insert.reset()
        try SQLiteJournalBrief().write(db, row: id)
        try pruneJournal(below: id)
    }

    /// Keeps the newest `JournalEntry.capacity` entries, the newest being `id`.
    func pruneJournal(below id: Int64) throws {
        // A hand-edited journal can hold ids near Int64.min, where the subtraction would trap;
        // there no id lies below the cut, so nothing is pruned.
        let (cut, overflow) = id.subtractingReportingOverflow(Int64(JournalEntry.capacity))
        guard !overflow else { return }
        for sql in ["DELETE FROM journal WHERE id <= ?1", "DELETE FROM journal_undo WHERE id <= ?1"] {
            let prune = try db.statement(sql)
            prune.bind(1, cut)
            try prune.run()
        }
    }

    /// `changes`: false for rows whose changes are read apart (applyReading).
    private func journalRows(_ sql: String, changes decoding: Bool = true,
                             bind: (SQLiteStatement) -> Void = { _ in }) throws -> [JournalEntry] {
        let s = try db.statement(sql)
        bind(s)
        defer { s.reset() }
        var entries: [JournalEntry] = []
        while try s.step() {
            let changes = !decoding ? []
                : try StoredChange.decode(s.bytes(4) ?? UnsafeRawBufferPointer(start: nil, count: 0), path: path)
            let searches = try s.optionalText(5).map { try decodeSearches($0) } ?? []
            entries.append(JournalEntry(id: s.int(0), time: Date(timeIntervalSince1970: Double(s.int(1))),
                                        command: s.text(2), changes: changes, searches: searches, undone: s.int(3) != 0))
        }
        return entries
    }
}
