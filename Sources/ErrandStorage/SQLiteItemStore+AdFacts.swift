import ErrandDomain

/// The ads queries no index answers in order (AdFacts): words, or an `or` or a `-` beside the
/// column tests. Such a query is evaluated once, its ads kept in order for the count and every
/// page while nothing is written. At 100,000 ads, `velo or piano` as one statement took 60 ms
/// and `piano price:<500` 33 (SQLite looked up each matching ad's row for the order, then
/// again for each count); the words' ids from the text index and a pass over these arrays take
/// a few.
extension SQLiteItemStore {
    /// Whether the query is one of those; the others (`cat:X price:<500 sort:price`) are one
    /// statement that walks one of ad's indexes and stops once the page is full.
    static func needsFacts(_ query: AdQuery) -> Bool {
        guard query.words.isEmpty, query.condition?.hasWords != true else { return true }
        return query.condition.map { !indexed($0) } ?? false
    }

    /// A condition of required column tests (`cat:X is:urgent`) is as quick in SQL. An `or`
    /// or a `-` is not: no index holds its rows.
    private static func indexed(_ term: AdTerm) -> Bool {
        switch term {
        case .any, .not: return false
        case let .all(parts): return parts.allSatisfy(indexed)
        default: return true
        }
    }

    /// What this connection wrote less its word merges, which change no ad (the merge after the
    /// write that rebuilt the text index would have had the next find read them again), and
    /// what other connections committed.
    private func adStamp() throws -> [Int64] {
        [try db.scalar("PRAGMA data_version"), try db.scalar("SELECT total_changes()") - db.changesByMerges]
    }

    /// The ids the query finds, in its order.
    func foundAds(_ query: AdQuery) throws -> [Int64] {
        let stamp = try adStamp()
        if let last = lastFoundAds, last.query == query, last.stamp == stamp { return last.ids }
        let (facts, test) = try factsTest(query, stamp: stamp)
        let ids = facts.matching(test, sort: query.sort)
        lastFoundAds = FoundAds(query: query, stamp: stamp, ids: ids)
        return ids
    }

    /// Every ad's facts as of `stamp`, and the query as a test of them.
    private func factsTest(_ query: AdQuery, stamp: [Int64]) throws -> (AdFacts, AdFactTest) {
        let facts: AdFacts
        if let known = lastAdFacts, known.stamp == stamp {
            facts = known
        } else {
            let s = try db.statement(AdFacts.sql)
            defer { s.reset() }
            facts = try AdFacts(stamp: stamp, reading: s)
            lastAdFacts = facts
        }
        let test = try AdFactTest(query) { match in
            facts.marking(try db.collect("SELECT errand_collect(rowid) FROM ad_text WHERE ad_text MATCH ?1") { $0.bind(1, match) })
        }
        return (facts, test)
    }

    /// `stats`: each found ad's price and posting time, from the facts for a query they answer,
    /// else from one statement over ad's indexes; never an ad's text.
    public func adPrices(_ query: AdQuery) throws -> [AdPrice] {
        try refreshAdText(for: query)
        if Self.needsFacts(query) {
            let stamp = try adStamp()
            let (facts, test) = try factsTest(query, stamp: stamp)
            let prices = facts.prices(test, sort: query.sort)
            // What it found, for the page `stats` numbers next: found once, not twice.
            lastFoundAds = FoundAds(query: query, stamp: stamp, ids: prices.map(\.id))
            return prices
        }
        let (conditions, values) = Self.adConditions(query)
        let s = try db.statement("SELECT id, price, created FROM ad\(conditions) ORDER BY \(Self.adOrder(query.sort))")
        Self.bind(values, s)
        defer { s.reset() }
        var prices: [AdPrice] = []
        while try s.step() { prices.append(AdPrice(id: s.int(0), price: s.double(1), created: s.int(2))) }
        return prices
    }

    /// A page of them, each ad read by its id.
    func foundAds(_ query: AdQuery, offset: Int, limit: Int) throws -> [Ad] {
        let ids = try foundAds(query)
        let start = max(0, offset)
        guard start < ids.count, limit > 0 else { return [] }
        let s = try db.statement("SELECT \(Self.adColumns) FROM ad WHERE id = ?1")
        var ads: [Ad] = []
        for id in ids[start..<min(ids.count, start + min(limit, ids.count))] {
            s.bind(1, id)
            defer { s.reset() }
            if try s.step() { ads.append(adRow(s)) }
        }
        return ads
    }
}
