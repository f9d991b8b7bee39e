import ErrandDomain

/// The read side: counts from the per-day tallies (day_count) or the full-text index, pages
/// as SQLitePagePlan writes them, each a walk of an index in the query's order.
extension SQLiteItemStore {
    public func count(_ selection: ItemSelection) throws -> Int {
        switch selection {
        case let .matching(query):
            return query.isPlain ? try matchCount(query) : try filteredCount(query)
        case let .due(days, openOnly):
            let s = try db.statement(SQLitePagePlan.countSQL(.init(days), openOnly: openOnly))
            if let key = SQLitePagePlan.dueKey(days) { s.bind(1, key) }
            defer { s.reset() }
            return try s.step() ? s.tally(0) : 0
        }
    }

    public func items(_ query: ItemQuery, offset: Int, limit: Int) throws -> [TodoItem] {
        let window = PageWindow(offset: offset, limit: limit)
        if case let .matching(search) = query.selection, !search.isPlain {
            return try filtered(search, in: query.order, window)
        }
        switch (SQLitePagePlan.plan(query), query.selection) {
        case let (.find, .matching(words)):
            return try matching(words, offset: offset, limit: limit)
        case let (.one(sql), .matching(words)):
            return try rows(sql) {
                $0.bind(1, Self.ftsQuery(words))
                $0.bind(window, limit: 2, offset: 3)
            }
        case let (.one(sql), .due(days, _)):
            return try page(sql, days, window)
        case let (.sections(toDo, done), .due(days, _)):
            let open = try count(.due(days, openOnly: true))
            var page: [TodoItem] = []
            if window.offset < open { page = try self.page(toDo, days, window) }
            guard page.count < window.limit else { return page }
            let rest = PageWindow(offset: max(0, window.offset - open), limit: window.limit - page.count)
            return page + (try self.page(done, days, rest))
        case (.find, .due), (.sections, .matching):
            // A plan follows its query's shape (SQLitePagePlan.Shape): these never meet.
            return []
        }
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

    public func openSeries(dueThrough last: DueDay) throws -> [TodoItem] {
        try rows(Self.openSeriesSQL) { $0.bind(1, last.dayNumber) }
    }

    /// Read through item_open_series (its WHERE is this one's).
    static let openSeriesSQL = """
        SELECT \(readColumns) FROM item INDEXED BY item_open_series
        WHERE done = 0 AND repeat_rule IS NOT NULL AND due <= ?1 ORDER BY due, seq
        """

    private func page(_ sql: String, _ days: ItemSelection.Days, _ window: PageWindow) throws -> [TodoItem] {
        try rows(sql) {
            if let key = SQLitePagePlan.dueKey(days) { $0.bind(1, key) }
            $0.bind(window, limit: 2, offset: 3)
        }
    }
}
