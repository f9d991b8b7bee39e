import CSQLite
import ErrandDomain
import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The default backend: one SQLite file in WAL mode, synchronous=FULL so that a commit is on
/// disk when it returns. Lists and the week summary read through indexes, never the whole table.
public final class SQLiteItemStore: ItemStore {
    public let path: String
    let db: SQLiteConnection
    /// What the last `find` found (SQLiteItemStore+Find).
    var lastMatches: FoundRows?
    /// What the last query-language `find` counted (SQLiteItemStore+Filter).
    var lastFilterCount: FilterCount?
    /// What every ad holds for a query no index answers, and what the last such query found
    /// (SQLiteItemStore+AdFacts).
    var lastAdFacts: AdFacts?
    var lastFoundAds: FoundAds?

    /// What a read takes (SQLiteItemColumns): the stored columns and the row's number, which
    /// names a row whose uuid cannot be read (ItemDamage.unreadableID).
    static let readColumns = SQLiteItemColumns.read

    /// What `due` holds for a day, or for no day (SQLiteSchema.noDateKey).
    static func dueKey(_ day: DueDay?) -> Int { day?.dayNumber ?? SQLiteSchema.noDateKey }

    /// The week's rows, from the tallies (SQLiteItemStore+Query reads the lists): every open
    /// item of the day, one not started yet included, as the day lists it.
    static let weekSQL = """
        SELECT due, open FROM day_count WHERE due BETWEEN ?1 AND ?2
        """

    /// Opens or creates the store. An existing file that is not an Errand store, is damaged
    /// or comes from a newer schema is refused before anything is written to it. `waiting`:
    /// as the connection's onWait, set before a due migration may have to wait for the lock.
    public init(path: String, waiting: (() -> Void)? = nil) throws {
        self.path = path
        try StoreFile.checkExisting(path)
        try StoreFile.makeParentDirectories(of: path)
        let file = try StoreFile.resolved(path)
        if FileKind(path: file) == nil { try SQLiteItemStore.create(file) }
        try SQLiteConnection.checkSideFiles(of: file)
        guard StoreFile.writable(file) else {
            // Viewed, never changed: every write meets SQLITE_READONLY, one line naming the file.
            db = try SQLiteConnection.readOnly(path: path, file: file)
            try SQLiteSchema.validate(db)
            try db.execute("PRAGMA busy_timeout = 10000")
            try SQLiteSchema.migrate(db)
            return
        }
        db = try SQLiteConnection(path: path, file: file, flags: SQLITE_OPEN_READWRITE)
        if db.isReadOnly { throw StoreError.readOnly(path: path) }
        try SQLiteSchema.validate(db)
        try db.execute("PRAGMA busy_timeout = 10000")
        try db.execute("PRAGMA journal_mode = WAL")
        try db.execute("PRAGMA synchronous = FULL")
        db.deferCheckpoints()
        db.onWait = waiting
        try SQLiteSchema.migrate(db)
    }

    public func close() { db.close() }

    public func idle() {
        mergeWordsIfDue()
        db.checkpointIfDue()
    }

    /// Builds a new store under a temporary name and links it into place, so that no crash
    /// can leave an empty or half-made file at `path` (a resolved path: see init). The name is
    /// random and made with O_EXCL, so nothing planted can be where SQLite builds the store
    /// or its journals. If another process got there first, its store wins and ours is dropped.
    static func create(_ path: String) throws {
        let temp = try StoreFile.io { () throws(FileFailure) in try PrivateFile.create(beside: path, tag: "new") }
        Glibc.close(temp.descriptor)
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temp.path + suffix) }
        }
        let fresh = try SQLiteConnection(path: path, file: temp.path, flags: SQLITE_OPEN_READWRITE)
        try fresh.execute("PRAGMA journal_mode = WAL")
        try SQLiteSchema.migrate(fresh)
        try fresh.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        fresh.close()
        let fd = Glibc.open(temp.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            Glibc.close(fd)
        }
        // link() never follows a link at its new name: anything already there, planted or
        // another process's store, makes it fail, and the open after it decides.
        if link(temp.path, path) != 0, errno != EEXIST {
            throw StoreError.io(path: path, reason: "cannot create the store (\(String(cString: strerror(errno))))")
        }
        PrivateFile.syncDirectory(of: path)
    }

    // MARK: reading

    public func item(id: UUID) throws -> TodoItem? {
        let s = try db.statement("SELECT \(Self.readColumns) FROM item WHERE uuid = ?1")
        s.bind(1, UUIDText.of(id))
        return try firstRow(s)
    }

    /// Through item_uid, whose expression this is.
    public func item(uid: String) throws -> TodoItem? {
        let s = try db.statement("SELECT \(Self.readColumns) FROM item WHERE coalesce(uid, uuid) = ?1")
        s.bind(1, uid)
        return try firstRow(s)
    }

    public func beginBatch() throws {
        try db.beginBatch()
        batchSequence = nil
    }

    public func endBatch(commit: Bool) throws {
        defer { batchSequence = nil }
        if commit, db.inBatch, let last = batchSequence {
            try storeSequence(atLeast: last)
        }
        try db.endBatch(commit: commit)
    }

    // MARK: changing

    public func removeAll(journaled journal: JournalContext?) throws -> [TodoItem] {
        try changeItems(journaled: journal) { records in
            let all = try allItems()
            try db.execute("DELETE FROM item")
            try records.noteRemoved(all)
            return all
        }
    }

    /// Runs `body` on the item table in one write transaction: all of it lands, or none.
    public func changeItems<T>(journaled journal: JournalContext?,
                               _ body: (inout JournalRecorder<SQLiteItemRecords>) throws -> T) throws -> T {
        try db.writeTransaction {
            // Not journaled (a sync applying the server's changes): nothing to keep.
            guard let journal else {
                var records = JournalRecorder(SQLiteItemRecords(store: self)) { _, _, _ in }
                return try body(&records)
            }
            let spool = try SQLiteChangeSpool(db)
            var records = JournalRecorder(SQLiteItemRecords(store: self), spool: spool.note)
            let result = try body(&records)
            try appendJournal(spool, as: journal)
            return result
        }
    }

    public func readRecords<T>(_ body: (JournalRecorder<SQLiteItemRecords>) throws -> T) throws -> T {
        try body(JournalRecorder(SQLiteItemRecords(store: self)))
    }

    // MARK: sequence and rows

    /// The sequence counter as a batch advances it: the batch holds the write lock, so nobody
    /// else can move it, and it is written once at the end instead of once per change.
    private var batchSequence: Int64?

    private func storeSequence(atLeast value: Int64) throws {
        let s = try db.statement("UPDATE meta SET value = max(value, ?1) WHERE key = 'last_seq'")
        s.bind(1, value)
        try s.run()
    }

    /// The counter comes from the file, so a hand-edited Int64.max must refuse the change:
    /// Swift's + traps on it, and SQLite's turns it into a real that stays there.
    func nextSequence() throws -> Int64 {
        if db.inBatch {
            let last = try batchSequence ?? db.scalar("SELECT value FROM meta WHERE key = 'last_seq'")
            let (next, overflow) = last.addingReportingOverflow(1)
            if overflow { throw sequenceExhausted }
            batchSequence = next
            return next
        }
        let s = try db.statement("""
            UPDATE meta SET value = value + 1 WHERE key = 'last_seq' AND value < 9223372036854775807 RETURNING value
            """)
        guard try s.step() else {
            guard try db.scalar("SELECT count(*) FROM meta WHERE key = 'last_seq'") == 0 else { throw sequenceExhausted }
            throw StoreError.sqlite(path: path, reason: "the sequence counter is missing")
        }
        let value = s.int(0)
        s.reset()
        return value
    }

    private var sequenceExhausted: StoreError {
        .io(path: path, reason: "the sequence counter is at its largest (\(Int64.max)) or not a number; lower it by hand")
    }

    func rows(_ sql: String, bind: (SQLiteStatement) -> Void = { _ in }) throws -> [TodoItem] {
        let s = try db.statement(sql)
        bind(s)
        var result: [TodoItem] = []
        while try s.step() { result.append(try row(s)) }
        return result
    }

    /// Reads at most one row and resets the statement: a statement left mid-way keeps its
    /// read snapshot open, and a later write transaction on this connection would be refused.
    func firstRow(_ s: SQLiteStatement) throws -> TodoItem? {
        defer { s.reset() }
        return try s.step() ? row(s) : nil
    }

    func row(_ s: SQLiteStatement) throws -> TodoItem {
        // A hand-edited or damaged row is read, marked, and left for the user to mend: a value
        // outside what the domain holds must not make day arithmetic overflow later.
        var damage = ItemDamage()
        // One malformed id must not hide the other items: the row is listed under an id made
        // from its row number, marked, and named for a hand repair (nothing can find it by
        // the id it has, so changes to it are refused as for a vanished item).
        let id = UUIDText.parse(s.text(0)) ?? damage.unreadableID(row: s.int(SQLiteItemColumns.rowidIndex))
        let dueKey = Int(s.int(3))
        // An item with a start and no due day is kept on its start day (SQLiteSchema, start dates).
        let due = dueKey == SQLiteSchema.noDateKey || s.optionalInt(15) == 1 ? nil : damage.day(number: dueKey)
        let created = damage.moment(seconds: Double(s.int(9)), name: "created", fallback: Date(timeIntervalSince1970: 0))
        let modified = s.optionalInt(13).map { damage.moment(seconds: Double($0), name: "modified", fallback: created) }
        let rule = s.optionalText(11).map { ($0, Repeat(stored: $0)) }
        if let rule, rule.1 == nil {
            throw StoreError.notAStore(path: path, reason: "an item has a repeat rule this version cannot read: \(rule.0)")
        }
        let location = s.optionalText(5).map {
            Location(name: $0, coordinate: damage.coordinate(latitude: s.optionalDouble(6), longitude: s.optionalDouble(7)))
        }
        var item = TodoItem(id: id, uid: s.optionalText(12) ?? UUIDText.of(id), title: s.text(1), notes: s.optionalText(2), due: due,
                            time: damage.time(minutes: s.optionalInt(4).map(Int.init)), location: location,
                            isDone: s.int(8) != 0, created: created, modified: modified, sequence: s.int(10),
                            repeats: rule?.1, icalendar: s.optionalText(14))
        for (field, index) in SQLiteItemColumns.fieldIndex {
            item.fields[field] = SQLiteItemColumns.read(field, at: index, from: s, damage: &damage)
        }
        item.damage = damage.text
        return item
    }
}
