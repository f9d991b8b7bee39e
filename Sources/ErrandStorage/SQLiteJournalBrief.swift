import ErrandDomain
import FoundationEssentials

/// What `log` shows of a journal entry, kept beside it in `journal_brief`
/// (SQLiteSchema.journalBriefs): how many of its changes found, created and touched an item,
/// and the changes holding the first item of each kind (at most three). `log` decoded every
/// change of each entry to say `import of 500,000 items`: 200 MB read for that one line.
struct SQLiteJournalBrief {
    private(set) var found = 0
    private(set) var created = 0
    private(set) var touched = 0
    /// The JSON of each first change (a StoredChange), in the order written.
    private var firsts: [[UInt8]] = []

    /// `json` is asked for only when the change holds a first item.
    mutating func count(before: Bool, after: Bool, json: () throws -> [UInt8]) rethrows {
        let first = (before && found == 0) || (after && created == 0) || ((before || after) && touched == 0)
        if before { found += 1 }
        if after { created += 1 }
        if before || after { touched += 1 }
        if first { firsts.append(try json()) }
    }

    /// Counted from the entry's changes, read a piece at a time: for the entries an older
    /// version wrote, and any whose brief is missing.
    static func counting(_ db: SQLiteConnection, row: Int64) throws -> SQLiteJournalBrief {
        let reader = try SQLiteJournalReader(db, row: row, path: db.path)
        defer { reader.close() }
        var brief = SQLiteJournalBrief()
        let decoder = JSONDecoder()
        for index in 0..<reader.count {
            let bytes = try reader.bytes(index)
            // Which sides it holds, not the items: decoding each item whole took 43 s for an
            // import of 100,000. The first ones are decoded, and checked, where they are shown.
            guard let sides = try? decoder.decode(Sides.self, from: Data(bytes)) else { throw reader.unreadable }
            brief.count(before: sides.before, after: sides.after) { bytes }
        }
        return brief
    }

    /// Whether a StoredChange's JSON holds an item before and after.
    private struct Sides: Decodable {
        let before: Bool
        let after: Bool

        enum Key: String, CodingKey { case before, after }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: Key.self)
            before = try keys.contains(.before) && !keys.decodeNil(forKey: .before)
            after = try keys.contains(.after) && !keys.decodeNil(forKey: .after)
        }
    }

    /// The migration's pass over the entries an older version wrote. An entry that cannot be
    /// read gets none: the store still opens, and `log` names the damage as it did.
    static func backfill(_ db: SQLiteConnection) throws {
        let missing = try db.statement("SELECT id FROM journal WHERE id NOT IN (SELECT id FROM journal_brief)")
        var rows: [Int64] = []
        while try missing.step() { rows.append(missing.int(0)) }
        missing.reset()
        for row in rows {
            guard let brief = try? counting(db, row: row) else { continue }
            try brief.write(db, row: row)
        }
    }

    /// Replaces what a pruned entry of the same id may have left.
    func write(_ db: SQLiteConnection, row: Int64) throws {
        let s = try db.statement("""
            INSERT OR REPLACE INTO journal_brief (id, found, created, touched, firsts) VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        s.bind(1, row)
        s.bind(2, found)
        s.bind(3, created)
        s.bind(4, touched)
        s.bind(5, String(decoding: json, as: UTF8.self))
        try s.run()
    }

    func tally(path: String) throws -> ChangeTally {
        let changes = try json.withUnsafeBytes { try StoredChange.decode($0, path: path) }
        return ChangeTally(found: found, created: created, touched: touched, firsts: changes)
    }

    /// The tally journal_brief holds in the four columns from `column` (found, created,
    /// touched, firsts); nil when the entry has none.
    static func tally(_ s: SQLiteStatement, from column: Int32, path: String) throws -> ChangeTally? {
        guard let firsts = s.bytes(column + 3) else { return nil }
        return ChangeTally(found: s.tally(column), created: s.tally(column + 1), touched: s.tally(column + 2),
                           firsts: try StoredChange.decode(firsts, path: path))
    }

    private var json: [UInt8] {
        [UInt8(ascii: "[")] + Array(firsts.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
    }
}
