import ErrandDomain

/// Counts of the query-language queries SQLiteFacetCount can answer without reading the
/// items: from a tag's rows in item_tag, from the per-day or per-priority tallies, or from
/// item_priority.
extension SQLiteItemStore {
    /// (total, To do), nil when the query is not one of those shapes.
    func facetCounts(_ query: SearchQuery) throws -> (total: Int, open: Int)? {
        guard let facets = SQLiteFacetCount(query.expression) else { return nil }
        return try counts(facets)
    }

    /// What the per-day tallies (or the per-priority ones) hold for the slice given.
    func counts(_ tally: TallySlice, of table: String = "day_count", key: String = "due") throws -> (total: Int, open: Int) {
        guard !tally.isEmpty else { return (0, 0) }
        let s = try db.statement("SELECT total(total), total(open) FROM \(table) WHERE \(key) BETWEEN ?1 AND ?2")
        s.bind(1, Int64(tally.first))
        s.bind(2, Int64(tally.last))
        defer { s.reset() }
        guard try s.step() else { return (0, 0) }
        return tally.counts(total: s.tally(0), open: s.tally(1))
    }

    private func counts(_ facets: SQLiteFacetCount) throws -> (total: Int, open: Int) {
        if let (sql, values) = facets.tagRowsSQL { return try pair(sql, values) }
        if let split = facets.splitMinus {
            let all = try counts(split.without), tagged = try counts(split.with)
            return (all.total - tagged.total, all.open - tagged.open)
        }
        if let tally = facets.tally { return try counts(tally) }
        if let tally = facets.priorityTally { return try counts(tally, of: "priority_count", key: "priority") }
        // A priority with days: item_priority or item_day_order's range, both covering the
        // three columns.
        let condition = SQLiteQueryCondition(.all(facets.facets.map { .term($0) }))
        return try pair("SELECT count(*), total(done = 0) FROM item WHERE " + condition.sql, condition.values)
    }

    private func pair(_ sql: String, _ values: [SQLiteQueryCondition.Value]) throws -> (total: Int, open: Int) {
        let s = try db.statement(sql)
        Self.bind(values, s)
        defer { s.reset() }
        return try s.step() ? (s.tally(0), s.tally(1)) : (0, 0)
    }
}
