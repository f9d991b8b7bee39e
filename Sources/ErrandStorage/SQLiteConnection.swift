import CSQLite
import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite connection with a statement cache and IMMEDIATE transactions that retry while
/// another process holds the write lock: a busy store is waited for, never reported.
final class SQLiteConnection {
    let path: String
    private var db: OpaquePointer?
    private var cache: [String: SQLiteStatement] = [:]
    /// Frames in the WAL after the last commit, as SQLite's WAL hook tells them
    /// (SQLiteConnection+Checkpoints); owned here, so it outlives the hook.
    let walFrames = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    var handle: OpaquePointer? { db }
    /// `errand_collect`'s buffer (SQLiteIntegerSink), registered on open.
    private let integers = SQLiteIntegerSink()
    /// Whether `errand_matches` (SQLiteIntegerSink) is registered: FTS5 gave its API.
    private(set) var gathersMatches = false

    /// Opens `file` (`path` unless given), a path with every link already resolved: it is
    /// opened with SQLITE_OPEN_NOFOLLOW, so a link put on the way since then is refused rather
    /// than followed. Errors name `path`, the name the user knows.
    init(path: String, file: String? = nil, flags: Int32) throws {
        self.path = path
        walFrames.initialize(to: 0)
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(file ?? path, &handle, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        db = handle
        guard rc == SQLITE_OK else {
            let symlink = handle.map { sqlite3_extended_errcode($0) } == SQLITE_CANTOPEN | (6 << 8)
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            close()
            if symlink { throw StoreError(.link(file ?? path)) }
            throw StoreError.unreadable(path: path, reason: message)
        }
        sqlite3_extended_result_codes(handle, 1)
        // Before the first read, which is the schema's check: a process killed mid-write
        // leaves a WAL that the next reader recovers under an exclusive lock, and a reader
        // without a timeout met that as SQLITE_BUSY at once ("kept the store busy", exit 3,
        // in 2 ms: issue 47). Writes wait longer still (beginImmediate).
        if let handle { sqlite3_busy_timeout(handle, 10_000) }
        if let handle {
            sqlite3_exec(handle, "PRAGMA cache_size = -\(Self.sessionCacheKiB)", nil, nil, nil)
            integers.register(on: handle)
            gathersMatches = integers.registerMatches(on: handle)
        }
    }

    /// Refuses to open a store beside which a link or a stranger's file sits at the name of one
    /// of SQLite's own files. SQLite opens these with O_NOFOLLOW itself (3.40 does: checked),
    /// but only says "unable to open database file"; this says which file and why, and also
    /// refuses a plain file someone else planted there, which SQLite would read as its own.
    static func checkSideFiles(of file: String) throws {
        var info = stat()
        guard stat(file, &info) == 0 else { return }
        for suffix in ["-wal", "-shm", "-journal"] {
            try StoreFile.io { () throws(FileFailure) in try PrivateFile.checkCompanion(file + suffix, owner: info.st_uid) }
        }
    }

    deinit {
        close()
        walFrames.deallocate()
    }

    func close() {
        cache.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    /// Rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { db.map { Int(sqlite3_changes($0)) } ?? 0 }

    var isReadOnly: Bool { db.map { sqlite3_db_readonly($0, "main") == 1 } ?? true }

    func error(_ rc: Int32) -> StoreError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
        // SQLite reports a full disk met while creating its side files as a plain I/O error.
        if let db, sqlite3_system_errno(db) == ENOSPC || sqlite3_system_errno(db) == EFBIG {
            return .io(path: path, reason: "no space left to write (disk full or file size limit)")
        }
        switch rc & 0xff {
        case SQLITE_NOTADB: return .notAStore(path: path, reason: "not a database")
        case SQLITE_CORRUPT: return .notAStore(path: path, reason: "the database is damaged: \(message)")
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_FULL: return .io(path: path, reason: "no space left to write (disk full or file size limit)")
        case SQLITE_IOERR: return .io(path: path, reason: "input/output error: \(message)")
        default: return .sqlite(path: path, reason: message)
        }
    }

    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        guard let db else { throw StoreError.sqlite(path: path, reason: "the store is closed") }
        var handle: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &handle, nil)
        guard rc == SQLITE_OK, let handle else { throw error(rc) }
        let statement = SQLiteStatement(handle: handle, connection: self)
        cache[sql] = statement
        return statement
    }

    func execute(_ sql: String) throws {
        guard let db else { throw StoreError.sqlite(path: path, reason: "the store is closed") }
        let rc = sqlite3_exec(db, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    /// One value of `table` opened for SQLiteJournalReader's and SQLiteJournalText's
    /// incremental blob I/O, or nil with the code SQLite refused it with.
    func openBlob(_ table: String, _ column: String, row: Int64, writing: Bool) -> (handle: OpaquePointer?, rc: Int32) {
        var handle: OpaquePointer?
        let rc = sqlite3_blob_open(db, "main", table, column, row, writing ? 1 : 0, &handle)
        guard rc == SQLITE_OK, let opened = handle else {
            if let handle { sqlite3_blob_close(handle) }
            return (nil, rc)
        }
        return (opened, rc)
    }

    /// The integers `sql`, a `SELECT errand_collect(x) ...` or `SELECT errand_matches(fts) ...`,
    /// gathers, in its rows' order.
    func collect(_ sql: String, bind: (SQLiteStatement) -> Void) throws -> [Int64] {
        let s = try statement(sql)
        bind(s)
        return try integers.collect(s)
    }

    func scalar(_ sql: String) throws -> Int64 {
        let s = try statement(sql)
        defer { s.reset() }
        return try s.step() ? s.int(0) : 0
    }

    /// True between `beginBatch` and `endBatch`: one outer transaction holds every change.
    private(set) var inBatch = false
    /// A transaction of this connection committed since the shell last idled (the word
    /// index's merge, SQLiteItemStore+WordMerges, has something to look at).
    var committedSinceIdle = false
    /// `sqlite3_total_changes64` when the word index last merged: how much was written since
    /// sizes the next merge (SQLiteItemStore+WordMerges).
    var changesAtMerge: Int64 = 0
    /// The rows the to-dos' word merges wrote (SQLiteItemStore.mergeWordsIfDue): they change no
    /// ad, so the ads' facts (AdFacts) are not read again for them.
    var changesByMerges: Int64 = 0
    /// Called once when a change must wait for another process's transaction (a `-1` script),
    /// so a person at a terminal is told why nothing happens.
    var onWait: (() -> Void)?
    /// How many busy_timeout periods (10 s) a change waits for another Errand before it gives
    /// up: 10 minutes, the promise README makes.
    static let waitPeriods = 60

    /// Runs `body` in a write transaction. BEGIN IMMEDIATE takes the write lock up front so a
    /// transaction never has to be abandoned half-way for a lock; busy_timeout waits for it,
    /// and this loop keeps waiting past that rather than bothering the user. Inside a batch
    /// the body runs in a savepoint, so a failing command still undoes only its own part.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        if inBatch {
            // Prepared once: sqlite3_exec parsed these anew for every command of a long script.
            try statement("SAVEPOINT command").run()
            do {
                let result = try body()
                try statement("RELEASE command").run()
                return result
            } catch {
                try? statement("ROLLBACK TO command").run()
                try? statement("RELEASE command").run()
                throw error
            }
        }
        try beginImmediate()
        do {
            let result = try body()
            try execute("COMMIT")
            committedSinceIdle = true
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Opens the outer transaction of a batch (psql's --single-transaction): nothing is on
    /// disk until `endBatch(commit: true)`, and the write lock is held until then.
    ///
    /// A batch holds every page it changed until the commit, so SQLite's default 2 MB page
    /// cache sends it back to the disk for pages it wrote moments ago: a script of 100,000
    /// creates read 25 times as many pages as one of 10,000 per item, and seeding a million
    /// never ended. The batch gets a cache sized for that (allocated only as pages are used)
    /// and keeps each command's savepoint journal in memory, not in a temporary file.
    func beginBatch() throws {
        guard !inBatch else { return }
        try execute("PRAGMA cache_size = -\(SQLiteConnection.batchCacheKiB)")
        try execute("PRAGMA temp_store = MEMORY")
        try beginImmediate()
        inBatch = true
    }

    /// The batch's page cache, in KiB: within the 256 MB every command keeps to.
    static let batchCacheKiB = 128 * 1024
    /// The page cache outside a batch, in KiB (SQLite's default is 2,000), filled only as pages
    /// are read and kept across commands while no other process writes: a shell's second
    /// `find` of a word reads its doclist and its page's rows from here, not from the file.
    static let sessionCacheKiB = 16 * 1024

    func endBatch(commit: Bool) throws {
        guard inBatch else { return }
        inBatch = false
        defer {
            try? execute("PRAGMA cache_size = -\(SQLiteConnection.sessionCacheKiB)")
            try? execute("PRAGMA temp_store = DEFAULT")
        }
        if commit {
            do {
                try execute("COMMIT")
                committedSinceIdle = true
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        } else {
            try execute("ROLLBACK")
        }
    }

    private func beginImmediate() throws {
        var attempts = 0
        // Someone to tell: the first try waits a moment only, so the line comes at once.
        if onWait != nil, let db { sqlite3_busy_timeout(db, 300) }
        while true {
            do {
                try execute("BEGIN IMMEDIATE")
                if attempts == 0, onWait != nil, let db { sqlite3_busy_timeout(db, 10_000) }
                return
            } catch let error as StoreError {
                attempts += 1
                guard error == .busy(path: path), attempts < SQLiteConnection.waitPeriods else { throw error }
                if attempts == 1, let onWait, let db {
                    onWait()
                    sqlite3_busy_timeout(db, 10_000)
                }
            }
        }
    }
}
