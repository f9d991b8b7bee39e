import ErrandDomain

/// `find` with more than words and tags (SQLiteQueryCondition): SQLite counts and pages the
/// condition itself, each term through its index, so a query that matches every item is
/// never read whole into memory. The count (total and To do, one pass) comes from a tag's
/// rows or the tallies where SQLiteFacetCount can, and picks how a page is read, as `find`'s
/// own walk does: few rows found are sorted (from the most selective term, or from the days
/// when their tallies say they hold few items); many are found by walking the list order's
/// indexes, section by section, tags probed per row, and the walk stops once the page is
/// full, a few hundred entries in.
extension SQLiteItemStore {
    /// A conjunction whose days hold at most this many items, or a tenth of all, is read from
    /// those days (item_day_order's range, the other terms checked on each entry) rather than
    /// as the planner would, from its words: a word's rows cost a lookup each (105 ms for
    /// `rent is:overdue`, a word in 50,000 of 1,000,000 items and 33,000 overdue, against 41 ms
    /// from the days; none overdue: nothing read).
    static let fewDayItems = 2_000

    func filteredCount(_ query: SearchQuery) throws -> Int { try counted(query).total }

    func filtered(_ query: SearchQuery, in order: ItemOrder, _ window: PageWindow) throws -> [TodoItem] {
        let counts = try counted(query)
        if order == .agenda, let facets = SQLiteFacetCount(query.expression),
           facets.tagRowsPage(done: false, in: order) != nil {
            return try tagLed(facets, counts, in: order, window)
        }
        guard order == .agenda, counts.total > Self.manyMatches else {
            return try page(SQLiteQueryCondition(query.expression), "", from: counts.source,
                            orderBy: SQLitePagePlan.sortedSections(order), window)
        }
        let condition = SQLiteQueryCondition(query.expression, form: .walk)
        var page: [TodoItem] = []
        if window.offset < counts.open {
            page = try self.page(condition, "done = 0 AND ", from: "item INDEXED BY item_todo_order",
                                 orderBy: SQLitePagePlan.terms(order.toDo), window)
        }
        guard page.count < window.limit else { return page }
        let rest = PageWindow(offset: max(0, window.offset - counts.open), limit: window.limit - page.count)
        return page + (try self.page(condition, "done = 1 AND ", from: "item INDEXED BY item_done_seq",
                                     orderBy: SQLitePagePlan.terms(order.done), rest))
    }

    private func counted(_ query: SearchQuery) throws -> FilterCount {
        let stamp = [try db.scalar("PRAGMA data_version"), try db.scalar("SELECT total_changes()")]
        if let last = lastFilterCount, last.query == query, last.stamp == stamp { return last }
        var source = "item"
        if let days = SQLiteFacetCount.days(of: query.expression) {
            let inDays = try counts(days).total, all = try counts(TallySlice()).total
            if inDays <= Self.fewDayItems || inDays <= all / 10 {
                source = "item INDEXED BY item_day_order"
            }
        }
        let found: FilterCount
        if let counts = try facetCounts(query) {
            found = FilterCount(query: query, stamp: stamp, total: counts.total, open: counts.open, source: source)
        } else {
            let condition = SQLiteQueryCondition(query.expression)
            let s = try db.statement("SELECT count(*), total(done = 0) FROM \(source) WHERE " + condition.sql)
            condition.bind(s)
            defer { s.reset() }
            found = try s.step() ? FilterCount(query: query, stamp: stamp, total: s.tally(0), open: s.tally(1), source: source)
                : FilterCount(query: query, stamp: stamp, total: 0, open: 0, source: source)
        }
        lastFilterCount = found
        return found
    }

    /// A page of a query with a tag, read from the tag's rows in list order, section by
    /// section, then its items by id: the page's own rows, whatever the tag holds.
    private func tagLed(_ facets: SQLiteFacetCount, _ counts: FilterCount, in order: ItemOrder,
                        _ window: PageWindow) throws -> [TodoItem] {
        var ids: [Int64] = []
        // To do from the page's offset, if it starts there; Done from what To do did not hold.
        for (done, offset) in [(false, window.offset), (true, max(0, window.offset - counts.open))]
        where ids.count < window.limit && (done || window.offset < counts.open) {
            guard let (sql, values) = facets.tagRowsPage(done: done, in: order) else { continue }
            let s = try db.statement(sql)
            Self.bind(values, s)
            s.bind(PageWindow(offset: offset, limit: window.limit - ids.count),
                   limit: Int32(values.count + 1), offset: Int32(values.count + 2))
            defer { s.reset() }
            while try s.step() { ids.append(s.int(0)) }
        }
        return try items(rowids: ids)
    }

    private func page(_ condition: SQLiteQueryCondition, _ section: String, from table: String,
                      orderBy: [String], _ window: PageWindow) throws -> [TodoItem] {
        let limit = Int32(condition.values.count + 1)
        let sql = "SELECT \(Self.readColumns) FROM \(table) WHERE \(section)\(condition.sql) ORDER BY "
            + orderBy.joined(separator: ", ") + " LIMIT ?\(limit) OFFSET ?\(limit + 1)"
        return try rows(sql) {
            condition.bind($0)
            $0.bind(window, limit: limit, offset: limit + 1)
        }
    }
}
