import ErrandDomain
import FoundationEssentials

/// A command's item changes, kept in a temporary table of the connection as the command makes
/// them rather than in memory, then written into its journal entry from there: a command over
/// 250,000 items held each twice (before and after) until it ended. The table is SQLite's own
/// temporary store, in the same transaction: a rolled-back command leaves nothing in it.
final class SQLiteChangeSpool {
    private let db: SQLiteConnection
    private let encoder: JSONEncoder

    /// The table is made by the first change of a connection, inside its transaction: a
    /// change rolled back takes the table with it, so each change asks for it again (a no-op
    /// once it is there, which changes no schema and so invalidates no prepared statement).
    init(_ db: SQLiteConnection) throws {
        self.db = db
        try db.statement("""
            CREATE TEMP TABLE IF NOT EXISTS journal_spool (
                seq INTEGER PRIMARY KEY, id BLOB NOT NULL UNIQUE, before BLOB, after BLOB)
            """).run()
        try db.statement("DELETE FROM temp.journal_spool").run()
        encoder = JSONEncoder()
        // The same item comes out as the same bytes: a change that put it back as it was is
        // found by comparing them.
        encoder.outputFormatting = .sortedKeys
    }

    /// Keeps the first `before` of an item and its last `after`, in the order items were first changed.
    func note(id: UUID, before: TodoItem?, after: TodoItem?) throws {
        let s = try db.statement("""
            INSERT INTO temp.journal_spool (id, before, after) VALUES (?1, ?2, ?3)
            ON CONFLICT (id) DO UPDATE SET after = excluded.after
            """)
        s.bind(1, id.uuidString)
        try s.bind(2, before.map { [UInt8](try encoder.encode(PlistItem($0))) })
        try s.bind(3, after.map { [UInt8](try encoder.encode(PlistItem($0))) })
        try s.run()
    }

    /// Each change whose item did not end as it began, as the JSON of a `StoredChange`, with
    /// whether it holds an item before and after.
    func changes(_ each: (UnsafeRawBufferPointer, _ before: Bool, _ after: Bool) throws -> Void) throws {
        let s = try db.statement("SELECT before, after FROM temp.journal_spool WHERE before IS NOT after ORDER BY seq")
        defer { s.reset() }
        var element: [UInt8] = []
        while try s.step() {
            element.removeAll(keepingCapacity: true)
            element.append(UInt8(ascii: "{"))
            if let after = s.bytes(1) {
                element += Array("\"after\":".utf8)
                element += after
            }
            if let before = s.bytes(0) {
                if element.count > 1 { element.append(UInt8(ascii: ",")) }
                element += Array("\"before\":".utf8)
                element += before
            }
            element.append(UInt8(ascii: "}"))
            let (before, after) = (!s.isNull(0), !s.isNull(1))
            try element.withUnsafeBytes { try each($0, before, after) }
        }
    }
}
