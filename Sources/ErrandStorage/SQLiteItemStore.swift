import CSQLite
import ErrandDomain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The default backend: one SQLite file in WAL mode, synchronous=FULL so that a commit is on
/// disk when it returns. Lists and the week summary read through indexes, never the whole table.
public final class SQLiteItemStore: ItemStore {
    public let path: String
    let db: SQLiteConnection

    static let columns = "uuid, title, notes, due, due_time, place, latitude, longitude, done, created, seq"

    // The reads that must stay index walks at 1M items (a test checks their query plans).
    static let allPageSQL = "SELECT \(columns) FROM item ORDER BY done, seq LIMIT ?1 OFFSET ?2"
    /// The ORDER BY is item_day_order's column list, so a page is a walk of that index.
    static let dayPageSQL = """
        SELECT \(columns) FROM item WHERE due = ?1
        ORDER BY done, due_time IS NULL, due_time, seq LIMIT ?2 OFFSET ?3
        """
    static let weekSQL = "SELECT due, open FROM day_count WHERE due BETWEEN ?1 AND ?2"
    static let sameEntrySQL = """
        SELECT uuid FROM item
        WHERE due = ?1 AND done = 0 AND title = ?2 AND notes IS ?3 AND place IS ?4
          AND latitude IS ?5 AND longitude IS ?6 AND uuid <> ?7
        LIMIT 1
        """

    /// Opens or creates the store. An existing file that is not an Errand store, is damaged
    /// or comes from a newer schema is refused before anything is written to it.
    public init(path: String) throws {
        self.path = path
        try StoreFile.checkExisting(path)
        if case .missing = StoreFile.kind(path) { try SQLiteItemStore.create(path) }
        db = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
        if db.isReadOnly { throw StoreError.readOnly(path: path) }
        try SQLiteSchema.validate(db)
        try db.execute("PRAGMA busy_timeout = 10000")
        try db.execute("PRAGMA journal_mode = WAL")
        try db.execute("PRAGMA synchronous = FULL")
        try SQLiteSchema.migrate(db)
    }

    public func close() { db.close() }

    /// Builds a new store under a temporary name and links it into place, so that no crash
    /// can leave an empty or half-made file at `path`. If another process got there first,
    /// its store wins and ours is dropped.
    static func create(_ path: String) throws {
        let temp = path + ".new-\(getpid())"
        unlink(temp)
        _ = try StoreFile.createPrivate(temp)
        defer {
            unlink(temp)
            unlink(temp + "-wal")
            unlink(temp + "-shm")
        }
        let fresh = try SQLiteConnection(path: temp, flags: SQLITE_OPEN_READWRITE)
        try fresh.execute("PRAGMA journal_mode = WAL")
        try SQLiteSchema.migrate(fresh)
        try fresh.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        fresh.close()
        let fd = Glibc.open(temp, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            Glibc.close(fd)
        }
        if link(temp, path) != 0, errno != EEXIST {
            throw StoreError.io(path: path, reason: "cannot create the store (\(String(cString: strerror(errno))))")
        }
        StoreFile.syncDirectory(of: path)
    }

    // MARK: reading

    public func counts() throws -> ItemCounts {
        let s = try db.statement("SELECT total(open), total(total) FROM day_count")
        defer { s.reset() }
        guard try s.step() else { return ItemCounts(toDo: 0, done: 0) }
        let open = Int(s.double(0)), all = Int(s.double(1))
        return ItemCounts(toDo: max(0, open), done: max(0, all - open))
    }

    public func item(id: UUID) throws -> TodoItem? {
        let s = try db.statement("SELECT \(Self.columns) FROM item WHERE uuid = ?1")
        s.bind(1, UUIDText.of(id))
        return try firstRow(s)
    }

    public func allItems(offset: Int, limit: Int) throws -> [TodoItem] {
        try rows(Self.allPageSQL) { $0.bind(PageWindow(offset: offset, limit: limit), limit: 1, offset: 2) }
    }

    public func items(on day: DueDay, offset: Int, limit: Int) throws -> [TodoItem] {
        try rows(Self.dayPageSQL) {
            $0.bind(1, day.dayNumber)
            $0.bind(PageWindow(offset: offset, limit: limit), limit: 2, offset: 3)
        }
    }

    public func itemCount(on day: DueDay) throws -> Int {
        let s = try db.statement("SELECT total FROM day_count WHERE due = ?1")
        s.bind(1, day.dayNumber)
        defer { s.reset() }
        return try s.step() ? max(0, Int(s.int(0))) : 0
    }

    public func openCounts(from start: DueDay, days: Int) throws -> [Int] {
        var counts = [Int](repeating: 0, count: max(days, 0))
        let s = try db.statement(Self.weekSQL)
        s.bind(1, start.dayNumber)
        s.bind(2, start.dayNumber + days - 1)
        while try s.step() {
            let offset = Int(s.int(0)) - start.dayNumber
            if offset >= 0, offset < counts.count { counts[offset] = max(0, Int(s.int(1))) }
        }
        return counts
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

    public func add(_ item: TodoItem) throws -> TodoItem {
        let fresh = try item.validated()
        return try db.writeTransaction { try insertNew(fresh) }
    }

    public func setDone(_ done: Bool, id: UUID, expecting: TodoItem?) throws -> TodoItem {
        try db.writeTransaction {
            var item = try current(id: id, expecting: expecting)
            if item.isDone == done { throw done ? DomainError.alreadyDone(item.title) : DomainError.notDone(item.title) }
            if !done, let clash = try openDuplicate(of: item) {
                throw DomainError.duplicate(title: clash.title, due: clash.due)
            }
            item.isDone = done
            item.sequence = try nextSequence()
            let s = try db.statement("UPDATE item SET done = ?1, seq = ?2 WHERE uuid = ?3")
            s.bind(1, done ? 1 : 0)
            s.bind(2, item.sequence)
            s.bind(3, UUIDText.of(id))
            try s.run()
            return item
        }
    }

    public func delete(id: UUID, expecting: TodoItem?) throws -> TodoItem {
        try db.writeTransaction {
            let item = try current(id: id, expecting: expecting)
            try deleteRow(id)
            return item
        }
    }

    public func removeAll() throws -> [TodoItem] {
        try db.writeTransaction {
            let all = try allItems(offset: 0, limit: .max)
            try db.execute("DELETE FROM item")
            return all
        }
    }

    public func restore(_ items: [TodoItem]) throws {
        try db.writeTransaction {
            for item in items {
                // Not INSERT OR REPLACE: its implicit delete skips the day_count triggers.
                try deleteRow(item.id)
                try write(item)
            }
            if let top = items.map(\.sequence).max() {
                try storeSequence(atLeast: top)
                if let current = batchSequence { batchSequence = max(current, top) }
            }
        }
    }

    public func delete(ids: [UUID]) throws {
        try db.writeTransaction {
            for id in ids { try deleteRow(id) }
        }
    }

    public func importItems(_ items: [TodoItem]) throws -> ImportOutcome {
        let valid = try items.map { try $0.validated() }
        return try db.writeTransaction {
            var added: [TodoItem] = []
            var skipped = 0
            for item in valid {
                if try exists(item.id) || openDuplicate(of: item) != nil {
                    skipped += 1
                } else {
                    added.append(try insertNew(item))
                }
            }
            return ImportOutcome(added: added, skipped: skipped)
        }
    }

    // MARK: rows

    private func insertNew(_ item: TodoItem) throws -> TodoItem {
        if let clash = try openDuplicate(of: item) { throw DomainError.duplicate(title: clash.title, due: clash.due) }
        if try exists(item.id) { throw DomainError.duplicate(title: item.title, due: item.due) }
        var fresh = item
        fresh.isDone = false
        fresh.sequence = try nextSequence()
        try write(fresh)
        return fresh
    }

    private func exists(_ id: UUID) throws -> Bool {
        let s = try db.statement("SELECT 1 FROM item WHERE uuid = ?1")
        s.bind(1, UUIDText.of(id))
        defer { s.reset() }
        return try s.step()
    }

    private func current(id: UUID, expecting: TodoItem?) throws -> TodoItem {
        guard let item = try item(id: id) else {
            throw expecting.map { StoreError.vanished(title: $0.title) } ?? DomainError.notFound(id.uuidString)
        }
        if let expecting, expecting != item { throw StoreError.changed(title: expecting.title) }
        return item
    }

    /// The open item equal to `item`, if any. Reads only an id through item_same_entry; the
    /// whole row is built only for the error message.
    private func openDuplicate(of item: TodoItem) throws -> TodoItem? {
        let s = try db.statement(Self.sameEntrySQL)
        s.bind(1, item.due.dayNumber)
        s.bind(2, item.title)
        s.bind(3, item.notes)
        s.bind(4, item.location?.name)
        s.bind(5, item.location?.coordinate?.latitude)
        s.bind(6, item.location?.coordinate?.longitude)
        s.bind(7, UUIDText.of(item.id))
        let found: String? = try s.step() ? s.text(0) : nil
        s.reset()
        guard let found, let id = UUID(uuidString: found) else { return nil }
        return try self.item(id: id)
    }

    /// The sequence counter as a batch advances it: the batch holds the write lock, so nobody
    /// else can move it, and it is written once at the end instead of once per change.
    private var batchSequence: Int64?

    private func storeSequence(atLeast value: Int64) throws {
        let s = try db.statement("UPDATE meta SET value = max(value, ?1) WHERE key = 'last_seq'")
        s.bind(1, value)
        try s.run()
    }

    private func nextSequence() throws -> Int64 {
        if db.inBatch {
            let next = try (batchSequence ?? db.scalar("SELECT value FROM meta WHERE key = 'last_seq'")) + 1
            batchSequence = next
            return next
        }
        let s = try db.statement("UPDATE meta SET value = value + 1 WHERE key = 'last_seq' RETURNING value")
        guard try s.step() else { throw StoreError.sqlite(path: path, reason: "the sequence counter is missing") }
        let value = s.int(0)
        s.reset()
        return value
    }

    private func write(_ item: TodoItem) throws {
        let s = try db.statement("INSERT INTO item (\(Self.columns)) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)")
        s.bind(1, UUIDText.of(item.id))
        s.bind(2, item.title)
        s.bind(3, item.notes)
        s.bind(4, item.due.dayNumber)
        s.bind(5, item.time?.minutes)
        s.bind(6, item.location?.name)
        s.bind(7, item.location?.coordinate?.latitude)
        s.bind(8, item.location?.coordinate?.longitude)
        s.bind(9, item.isDone ? 1 : 0)
        s.bind(10, Int64(item.created.timeIntervalSince1970))
        s.bind(11, item.sequence)
        try s.run()
    }

    private func deleteRow(_ id: UUID) throws {
        let s = try db.statement("DELETE FROM item WHERE uuid = ?1")
        s.bind(1, UUIDText.of(id))
        try s.run()
    }

    private func rows(_ sql: String, bind: (SQLiteStatement) -> Void = { _ in }) throws -> [TodoItem] {
        let s = try db.statement(sql)
        bind(s)
        var result: [TodoItem] = []
        while try s.step() { result.append(try row(s)) }
        return result
    }

    /// Reads at most one row and resets the statement: a statement left mid-way keeps its
    /// read snapshot open, and a later write transaction on this connection would be refused.
    private func firstRow(_ s: SQLiteStatement) throws -> TodoItem? {
        defer { s.reset() }
        return try s.step() ? row(s) : nil
    }

    private func row(_ s: SQLiteStatement) throws -> TodoItem {
        guard let id = UUID(uuidString: s.text(0)) else {
            throw StoreError.notAStore(path: path, reason: "an item has a malformed id")
        }
        // A hand-edited row must not make day arithmetic overflow later.
        guard DueDay.supportedDayNumbers.contains(Int(s.int(3))),
              Clock.supportedSeconds.contains(Double(s.int(9))) else {
            throw StoreError.notAStore(path: path, reason: "an item has an impossible date")
        }
        var location: Location?
        if let name = s.optionalText(5) {
            var coordinate: Coordinate?
            if let lat = s.optionalDouble(6), let lon = s.optionalDouble(7) {
                coordinate = try? Coordinate(latitude: lat, longitude: lon)
            }
            location = Location(name: name, coordinate: coordinate)
        }
        return TodoItem(id: id, title: s.text(1), notes: s.optionalText(2), due: DueDay(dayNumber: Int(s.int(3))),
                        time: s.optionalInt(4).flatMap { TimeOfDay(minutes: Int($0)) }, location: location,
                        isDone: s.int(8) != 0, created: Date(timeIntervalSince1970: Double(s.int(9))),
                        sequence: s.int(10))
    }
}
