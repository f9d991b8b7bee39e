import ErrandDomain
import FoundationEssentials

/// `find`: the full-text index (item_text) says which rows hold the words, once per query and
/// store state; the page is then read in `list`'s order (To do by due day and time, then Done
/// as checked). Few rows found: they are read by rowid
/// and sorted. Many (a word in a twentieth of 1,000,000 titles: 50,000 rows): the list order's
/// covering index is walked and the rows found are kept until the page is full, which stops
/// after a few hundred index entries where sorting would read all of them. Handing SQLite the
/// found set instead (`id IN (SELECT rowid ...)`) built a temporary index of it for every
/// page, twice the cost of reading it here.
extension SQLiteItemStore {
    /// The few rows found (their ids as one JSON array), read in list order.
    static let matchingSQL = """
        SELECT \(readColumns) FROM item WHERE id IN (SELECT value FROM json_each(?1))
        ORDER BY done, CASE done WHEN 0 THEN due END, CASE done WHEN 0 THEN due_time IS NULL END,
        CASE done WHEN 0 THEN due_time END, CASE done WHEN 0 THEN priority IS NULL END, CASE done WHEN 0 THEN priority END,
        seq LIMIT ?2 OFFSET ?3
        """
    /// The list order, as row ids with their section, walked one section after the other
    /// through covering indexes: To do along item_day_order (its Done entries skipped:
    /// item_todo_order holds no `done`, so it would read the table for every entry), then
    /// Done along item_done_seq.
    static let listOrderSQL = [
        (sql: "SELECT id, done FROM item INDEXED BY item_day_order ORDER BY due, done, due_time IS NULL, due_time, priority IS NULL, priority, seq",
         done: false),
        (sql: "SELECT id, done FROM item INDEXED BY item_done_seq WHERE done = 1 ORDER BY seq", done: true),
    ]
    static let manyMatches = 2_000
    static let listCountsSQL = "SELECT name, open FROM list_tally"

    /// Tags through item_tag (each key once, the first item's spelling; the state is each
    /// row's copy, SQLiteSchema.tagFacets), lists from their tally (SQLiteSchema.listTally);
    /// any other words field has no index, and is counted from the items.
    public func wordCounts(_ field: ItemField) throws -> [WordCount] {
        guard field == .tags || field == .list else { return WordCount.counting(field, in: try allItems()) }
        let s = try db.statement(field == .list ? Self.listCountsSQL : """
            SELECT min(word), total(done = 0) FROM item_tag GROUP BY key
            """)
        defer { s.reset() }
        var counts: [WordCount] = []
        while try s.step() { counts.append(WordCount(word: s.text(0), open: s.tally(1))) }
        return WordCount.ordered(counts)
    }

    public func matchCount(_ query: SearchQuery) throws -> Int {
        try found(query).rowids.count
    }

    public func matching(_ query: SearchQuery, offset: Int, limit: Int) throws -> [TodoItem] {
        let found = try found(query)
        let window = PageWindow(offset: offset, limit: limit)
        guard found.rowids.count > Self.manyMatches else {
            let ids = "[" + found.rowids.map(String.init).joined(separator: ",") + "]"
            return try rows(Self.matchingSQL) {
                $0.bind(1, ids)
                $0.bind(window, limit: 2, offset: 3)
            }
        }
        var skipped = 0
        var page: [Int64] = []
        for section in Self.listOrderSQL where page.count < window.limit {
            let walk = try db.statement(section.sql)
            defer { walk.reset() }
            while page.count < window.limit, try walk.step() {
                let id = walk.int(0)
                guard (walk.int(1) != 0) == section.done, found.contains(id) else { continue }
                if skipped < window.offset { skipped += 1 } else { page.append(id) }
            }
        }
        return try items(rowids: page)
    }

    /// A page's items by row id, in the page's order (a row gone meanwhile is left out).
    func items(rowids: [Int64]) throws -> [TodoItem] {
        let byRowid = try db.statement("SELECT \(Self.readColumns) FROM item WHERE id = ?1")
        return try rowids.compactMap { rowid in
            byRowid.bind(1, rowid)
            return try firstRow(byRowid)
        }
    }

    /// Every word as a prefix (`"ecole"*`), all required. The words are letters and digits
    /// only (SearchQuery), so quoting them is all the escaping FTS5 needs.
    static func ftsQuery(_ query: SearchQuery) -> String {
        query.words.map { "\"" + $0 + "\"*" }.joined(separator: " ")
    }

    private func found(_ query: SearchQuery) throws -> FoundRows {
        let stamp = [try db.scalar("PRAGMA data_version"), try db.scalar("SELECT total_changes()")]
        if let last = lastMatches, last.query == query, last.stamp == stamp { return last }
        var sets: [[Int64]] = []
        // Gathered inside SQLite (SQLiteIntegerSink): stepping 50,000 rows out cost twice that.
        if !query.words.isEmpty {
            let fts = Self.ftsQuery(query)
            // One word, one phrase: FTS5 hands its rows over itself (SQLiteIntegerSink). Several
            // are left to FTS5's own AND, which skips through the rarer word's rows.
            let sql = query.words.count == 1 && db.gathersMatches
                ? "SELECT errand_matches(item_text) FROM item_text WHERE item_text MATCH ?1 LIMIT 1"
                : "SELECT errand_collect(rowid) FROM item_text WHERE item_text MATCH ?1"
            sets.append(try db.collect(sql) { $0.bind(1, fts) })
        }
        // Each tag's rows, from whichever of item_tag's indexes SQLite picks (the facets' is the
        // narrowest): put in rowid order by FoundRows.ascending.
        for key in query.tags {
            sets.append(try db.collect("SELECT errand_collect(item) FROM item_tag WHERE key = ?1") { $0.bind(1, key) })
        }
        sets = sets.map(FoundRows.ascending)
        var rowids = sets.first ?? []
        for other in sets.dropFirst() { rowids = FoundRows.intersection(rowids, other) }
        let found = FoundRows(query: query, stamp: stamp, rowids: rowids)
        lastMatches = found
        return found
    }
}
