import ErrandDomain

/// `run NAME --new`: the matches that `search_seen` does not hold at their price or lower
/// (for a re-post: nor its original), then every match recorded at its price, in one
/// transaction. Both statements read the query's own indexes, as `find` does.
extension SQLiteItemStore {
    public func newAds(_ query: AdQuery, search: String) throws -> [NewAd] {
        try refreshAdText(for: query)
        let (conditions, values) = Self.adConditions(query)
        let name = "?\(values.count + 1)"
        return try db.writeTransaction {
            let reported = "FROM search_seen WHERE search = \(name) AND search_seen.ad IN (ad.id, ad.repost_of)"
            let select = try db.statement("SELECT \(Self.adColumns), (SELECT min(price) \(reported)) FROM ad\(conditions) "
                                          + "AND NOT EXISTS (SELECT 1 FROM search_seen "
                                          + "WHERE search = \(name) AND search_seen.ad IN (ad.id, ad.repost_of) AND search_seen.price <= ad.price) "
                                          + "ORDER BY \(Self.adOrder(query.sort))")
            Self.bind(values, select)
            select.bind(Int32(values.count + 1), search)
            var found: [NewAd] = []
            while try select.step() { found.append(NewAd(ad: adRow(select), was: select.isNull(13) ? nil : select.double(13))) }
            select.reset()
            // Every match at today's price, so a later drop is measured from it.
            let record = try db.statement("INSERT INTO search_seen (search, ad, price) SELECT \(name), id, price FROM ad\(conditions) "
                                          + "ON CONFLICT (search, ad) DO UPDATE SET price = excluded.price WHERE price IS NOT excluded.price")
            Self.bind(values, record)
            record.bind(Int32(values.count + 1), search)
            try record.run()
            return found
        }
    }
}
