import ErrandDomain

/// `find` with more than words and tags (SQLiteQueryCondition): SQLite counts and pages the
/// condition itself, each term through its index, so a query that matches every item is
/// never read whole into memory. The count (total and To do, one pass) picks how a page is
/// read, as `find`'s own walk does: few rows found are sorted (the planner drives from the
/// most selective term); many are found by walking the list order's indexes, section by
/// section, and the walk stops once the page is full, a few hundred entries in.
extension SQLiteItemStore {
    func filteredCount(_ query: SearchQuery) throws -> Int { try counted(query).total }

    func filtered(_ query: SearchQuery, in order: ItemOrder, _ window: PageWindow) throws -> [TodoItem] {
        let condition = SQLiteQueryCondition(query.expression)
        let counts = try counted(query)
        guard order == .agenda, counts.total > Self.manyMatches else {
            return try page(condition, "", orderBy: SQLitePagePlan.sortedSections(order), window)
        }
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
        let condition = SQLiteQueryCondition(query.expression)
        let s = try db.statement("SELECT count(*), total(done = 0) FROM item WHERE " + condition.sql)
        condition.bind(s)
        defer { s.reset() }
        let found = try s.step() ? FilterCount(query: query, stamp: stamp, total: s.tally(0), open: s.tally(1))
            : FilterCount(query: query, stamp: stamp, total: 0, open: 0)
        lastFilterCount = found
        return found
    }

    private func page(_ condition: SQLiteQueryCondition, _ section: String, from table: String = "item",
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
