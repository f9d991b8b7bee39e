import ErrandDomain

/// `run NAME --new`: the matches that `search_seen` does not hold at their price or lower
/// (for a re-post: nor its original), then every match recorded at its price, in one
/// transaction. Both statements read the query's own indexes, as `find` does.
extension SQLiteItemStore {
    public func newAds(_ query: AdQuery, search: String) throws -> [NewAd] {
        try refreshAdText(for: query)
        // The record of the ad itself is tested first, from the index's id and price: SQLite
        // defers reading the row until a test needs it, so an ad reported at its price costs
        // no row read; the gone mark and the original of a re-post come after.
        let (conditions, values) = Self.adConditions(query, gone: nil)
        let name = "?\(values.count + 1)"
        let gone = query.starredOnly ? "" : " AND +gone = 0"
        return try db.writeTransaction {
            let seen = "FROM search_seen WHERE search = \(name) AND search_seen.ad = "
            let select = try db.statement("SELECT \(Self.adColumns), min(coalesce((SELECT price \(seen)ad.id), 1e300), "
                                          + "coalesce((SELECT price \(seen)ad.repost_of), 1e300)) FROM ad\(conditions) "
                                          + "AND NOT EXISTS (SELECT 1 \(seen)ad.id AND search_seen.price <= ad.price)\(gone) "
                                          + "AND NOT EXISTS (SELECT 1 \(seen)ad.repost_of AND search_seen.price <= ad.price) "
                                          + "ORDER BY \(Self.adOrder(query.sort))")
            Self.bind(values, select)
            select.bind(Int32(values.count + 1), search)
            var found: [NewAd] = []
            while try select.step() {
                let was = select.double(13)
                found.append(NewAd(ad: adRow(select), was: was < 1e300 ? was : nil))
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
