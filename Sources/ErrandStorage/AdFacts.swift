import ErrandDomain

/// What a query on the ads tab tests of each ad (category, price, date, marks), every ad in the
/// listing's order, read once per state of the store (as FoundRows). For the queries no index
/// answers: `velo -neuf or (piano price:<500)` as one SQL statement had SQLite look up each
/// matching ad's row once for the count, once per gone and hidden count and once more for the
/// page (44 ms at 100,000 ads, the bound being 10); here the text index answers the words and
/// the rest is a test of these arrays, once per query for the count and every page after it.
struct AdFacts {
    static let urgent: UInt8 = 1, starred: UInt8 = 2, gone: UInt8 = 4, hidden: UInt8 = 8, pro: UInt8 = 16

    /// `PRAGMA data_version` and `total_changes()`, as FoundRows.
    let stamp: [Int64]
    private(set) var ids: [Int64] = []
    private(set) var categories: [Int64] = []
    private(set) var prices: [Double] = []
    private(set) var created: [Int64] = []
    private(set) var flags: [UInt8] = []
    /// The ids ascending and the row of each: a text match's ids (ascending, as FTS5 gives
    /// them) are marked by one walk beside these, no hashing.
    private var ascendingIDs: [Int64] = []
    private var rowOfAscending: [Int32] = []

    init(stamp: [Int64], reading s: SQLiteStatement) throws {
        self.stamp = stamp
        while try s.step() {
            ids.append(s.int(0))
            categories.append(s.int(1))
            prices.append(s.double(2))
            created.append(s.int(3))
            var mark: UInt8 = 0
            if s.int(4) != 0 { mark |= Self.urgent }
            if s.int(5) != 0 { mark |= Self.starred }
            if s.int(6) != 0 { mark |= Self.gone }
            if s.int(7) != 0 { mark |= Self.hidden }
            if s.int(8) != 0 { mark |= Self.pro }
            flags.append(mark)
        }
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        ascendingIDs = order.map { ids[$0] }
        rowOfAscending = order.map { Int32(truncatingIfNeeded: $0) }
    }

    /// In the listing's order (Ad.listOrder), as the arrays are read.
    static let sql = "SELECT id, category_id, price, created, urgent, starred, gone, hidden, coalesce(siret, '') <> '' "
        + "FROM ad ORDER BY urgent DESC, created DESC, id"

    /// Whether each row's id is among `found` (a text match's ids).
    func marking(_ found: [Int64]) -> [Bool] {
        var marked = [Bool](repeating: false, count: ids.count)
        var at = 0
        for id in FoundRows.ascending(found) {
            while at < ascendingIDs.count, ascendingIDs[at] < id { at += 1 }
            guard at < ascendingIDs.count else { break }
            if ascendingIDs[at] == id { marked[Int(rowOfAscending[at])] = true }
        }
        return marked
    }

    /// The ids of the rows `test` keeps, in the query's order (AdQuery.inOrder).
    func matching(_ test: AdFactTest, sort: AdQuery.Sort) -> [Int64] {
        rows(matching: test, sort: sort).map { ids[$0] }
    }

    /// Their prices and posting times, in the same order (`stats`).
    func prices(_ test: AdFactTest, sort: AdQuery.Sort) -> [AdPrice] {
        rows(matching: test, sort: sort).map { AdPrice(id: ids[$0], price: prices[$0], created: created[$0]) }
    }

    private func rows(matching test: AdFactTest, sort: AdQuery.Sort) -> [Int] {
        var kept: [Int] = []
        for (row, holds) in rows(test).enumerated() where holds { kept.append(row) }
        switch sort {
        case .listed:
            break
        case .price:
            kept.sort { prices[$0] != prices[$1] ? prices[$0] < prices[$1] : ids[$0] < ids[$1] }
        case .priceDescending:
            kept.sort { prices[$0] != prices[$1] ? prices[$0] > prices[$1] : ids[$0] > ids[$1] }
        case .date:
            kept.sort { created[$0] != created[$1] ? created[$0] > created[$1] : ids[$0] < ids[$1] }
        }
        return kept
    }

    /// Whether each row passes: a column at a time, each part of the test one loop over the
    /// rows (a row at a time, the tree's walk and its arrays' reference counts cost more than
    /// the tests themselves).
    func rows(_ test: AdFactTest) -> [Bool] {
        switch test {
        case let .text(marked): return marked
        case let .category(id): return categories.map { $0 == id }
        case let .price(range): return prices.map(range.contains)
        case let .since(moment): return created.map { $0 >= moment }
        case let .mark(mark, set): return flags.map { ($0 & mark != 0) == set }
        case let .all(tests), let .any(tests):
            let all: Bool
            if case .all = test { all = true } else { all = false }
            var result = [Bool](repeating: all, count: ids.count)
            for part in tests {
                let other = rows(part)
                for row in result.indices { result[row] = all ? result[row] && other[row] : result[row] || other[row] }
            }
            return result
        case let .not(inner): return rows(inner).map(!)
        }
    }
}
