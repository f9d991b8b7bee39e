import ErrandDomain

/// `find` with more than words and tags (SQLiteQueryCondition): SQLite counts and pages the
/// condition itself, each term through its index, and sorts only what it keeps of a page
/// (a LIMIT'd sort holds offset + limit rows), so a query that matches every item is never
/// read whole into memory.
extension SQLiteItemStore {
    func filteredCount(_ query: SearchQuery) throws -> Int {
        let condition = SQLiteQueryCondition(query.expression)
        let s = try db.statement("SELECT count(*) FROM item WHERE " + condition.sql)
        condition.bind(s)
        defer { s.reset() }
        return try s.step() ? s.tally(0) : 0
    }

    func filtered(_ query: SearchQuery, in order: ItemOrder, _ window: PageWindow) throws -> [TodoItem] {
        let condition = SQLiteQueryCondition(query.expression)
        let limit = Int32(condition.values.count + 1)
        let sql = "SELECT \(Self.readColumns) FROM item WHERE \(condition.sql) ORDER BY "
            + SQLitePagePlan.sortedSections(order).joined(separator: ", ") + " LIMIT ?\(limit) OFFSET ?\(limit + 1)"
        return try rows(sql) {
            condition.bind($0)
            $0.bind(window, limit: limit, offset: limit + 1)
        }
    }
}
