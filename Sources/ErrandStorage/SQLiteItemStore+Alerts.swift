import ErrandDomain

/// `run NAME --new`: the matches that `search_seen` does not hold at their price or lower,
/// then every match recorded at its price, in one transaction. A re-post holds its original's
/// record from the sync that marked it (retireAds), so one lookup per match answers both.
/// Both statements read the query's own indexes, as `find` does.
extension SQLiteItemStore {
    public func newAds(_ query: AdQuery, search: String) throws -> [NewAd] {
        try refreshAdText(for: query)
        // The record is looked up from the index's id and price: SQLite defers reading the row
        // until a column outside the index is asked for, so an ad reported at its price costs
        // no row read. The gone mark is read from the rows that come out (a test of it in
        // SQL read every match's row: 7,000 for `cat:X price:<500` at 100,000 ads).
        let (conditions, values) = Self.adConditions(query, gone: nil)
        let name = "?\(values.count + 1)"
        return try db.writeTransaction {
            let seen = "(SELECT seen.price FROM search_seen AS seen WHERE seen.search = \(name) AND seen.ad = ad.id)"
            let select = try db.statement("SELECT \(Self.adColumns), \(seen) FROM ad\(conditions) "
                                          + "AND coalesce(\(seen), 1e300) > ad.price ORDER BY \(Self.adOrder(query.sort))")
            Self.bind(values, select)
            select.bind(Int32(values.count + 1), search)
            var found: [NewAd] = []
            while try select.step() {
                let ad = adRow(select)
                // A gone ad is kept for its star alone: news only to a search for the starred.
                if ad.isGone, !query.starredOnly { continue }
                found.append(NewAd(ad: ad, was: select.isNull(13) ? nil : select.double(13)))
            }
            select.reset()
            // Every match at today's price, so a later drop is measured from it (gone ads too:
            // their record is harmless, and leaving them out would read every row).
            let record = try db.statement("INSERT INTO search_seen (search, ad, price) SELECT \(name), id, price FROM ad\(conditions) "
                                          + "ON CONFLICT (search, ad) DO UPDATE SET price = excluded.price WHERE price IS NOT excluded.price")
            Self.bind(values, record)
            record.bind(Int32(values.count + 1), search)
            try record.run()
            return found
        }
    }
}
