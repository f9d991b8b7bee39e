import ErrandDomain

/// `run NAME --new`: one walk of the query's own indexes (as `find` reads) gives each match
/// with what `search_seen` holds of it; those held at another price (or not at all) come out
/// of it, the cheaper and the new ones are reported, and only those are recorded again, in
/// the same transaction. A re-post holds its original's record from the sync that marked it
/// (retireAds), so one lookup per match answers both.
extension SQLiteItemStore {
    public func newAds(_ query: AdQuery, search: String) throws -> [NewAd] {
        try refreshAdText(for: query)
        // The record is looked up from the index's id and price: SQLite defers reading the row
        // until a column outside the index is asked for, so an ad recorded at its price costs
        // no row read. The gone mark is read from the rows that come out (a test of it in SQL
        // read every match's row: 7,000 for `cat:X price:<500` at 100,000 ads), and so is a
        // record of every match (an INSERT of them all was a second walk of 7,000 lookups).
        let (conditions, values) = Self.adConditions(query, gone: nil)
        let name = "?\(values.count + 1)"
        return try db.writeTransaction {
            let seen = "(SELECT seen.price FROM search_seen AS seen WHERE seen.search = \(name) AND seen.ad = ad.id)"
            // Prices are never negative (AdChecker): -1 is "never recorded".
            let select = try db.statement("SELECT \(Self.adColumns), \(seen) FROM ad\(conditions) "
                                          + "AND coalesce(\(seen), -1) <> ad.price ORDER BY \(Self.adOrder(query.sort))")
            Self.bind(values, select)
            select.bind(Int32(values.count + 1), search)
            var found: [NewAd] = []
            var changed: [(id: Int64, price: Double)] = []
            while try select.step() {
                let ad = adRow(select)
                let was = select.isNull(14) ? nil : select.double(14)
                // Gone ads are recorded too: harmless, and leaving them out would read every row.
                changed.append((ad.id, ad.price))
                if let was, was <= ad.price { continue }
                // A gone ad is kept for its star alone: news only to a search for the starred.
                if ad.isGone, !query.starredOnly { continue }
                // Hidden (hide N): news to no search.
                if ad.isHidden, !query.hiddenOnly { continue }
                found.append(NewAd(ad: ad, was: was))
            }
            select.reset()
            // At today's price, so that a later drop is measured from it.
            let record = try db.statement("INSERT INTO search_seen (search, ad, price) VALUES (?1, ?2, ?3) "
                                          + "ON CONFLICT (search, ad) DO UPDATE SET price = excluded.price")
            for (id, price) in changed {
                record.reset()
                record.bind(1, search)
                record.bind(2, id)
                record.bind(3, price)
                try record.run()
            }
            return found
        }
    }
}
