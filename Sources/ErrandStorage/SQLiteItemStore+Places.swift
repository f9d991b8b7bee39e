import ErrandDomain

/// Places in SQLite: the geocoder cache (place_cache) and `near` through the R*Tree of open
/// located items (item_place): a box around the centre, then exact distances for what is in it.
extension SQLiteItemStore: PlaceStore {
    public func cachedPlace(key: String) throws -> CachedPlace? {
        let s = try db.statement("SELECT latitude, longitude, address, candidates, fetched, name FROM place_cache WHERE key = ?1")
        s.bind(1, key)
        defer { s.reset() }
        guard try s.step() else { return nil }
        var match: PlaceMatch?
        if let lat = s.optionalDouble(0), let lon = s.optionalDouble(1),
           let coordinate = try? Coordinate(latitude: lat, longitude: lon) {
            match = PlaceMatch(coordinate: coordinate, address: s.optionalText(2) ?? "", candidates: Int(s.int(3)))
        }
        return CachedPlace(name: s.text(5), match: match, fetched: s.int(4))
    }

    public func cachePlace(name: String, match: PlaceMatch?, at seconds: Int64) throws {
        try db.writeTransaction {
            let s = try db.statement("""
                INSERT OR REPLACE INTO place_cache (key, latitude, longitude, address, candidates, fetched, name)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """)
            s.bind(1, PlaceKey.of(name))
            s.bind(7, name)
            s.bind(2, match?.coordinate.latitude)
            s.bind(3, match?.coordinate.longitude)
            s.bind(4, match?.address)
            s.bind(5, Int64(match?.candidates ?? 0))
            s.bind(6, seconds)
            try s.run()
        }
    }

    public func placeNames(prefix: String, limit: Int) throws -> [String] {
        // The keys are lower case: a range on them finds the prefix through the primary key.
        let low = PlaceKey.of(prefix)
        let s = try db.statement("""
            SELECT name FROM place_cache WHERE key >= ?1 AND key < ?1 || char(1114111) AND latitude IS NOT NULL
            ORDER BY key LIMIT ?2
            """)
        s.bind(1, low)
        s.bind(2, limit)
        defer { s.reset() }
        var names: [String] = []
        while try s.step() { names.append(s.text(0)) }
        return names
    }

    public func matchedAddress(for location: Location) throws -> String? {
        guard let c = location.coordinate else { return nil }
        let s = try db.statement("""
            SELECT address FROM place_cache WHERE latitude = ?1 AND longitude = ?2 AND address IS NOT NULL
            ORDER BY key = ?3 DESC LIMIT 1
            """)
        s.bind(1, c.latitude)
        s.bind(2, c.longitude)
        s.bind(3, PlaceKey.of(location.name))
        defer { s.reset() }
        return try s.step() ? s.text(0) : nil
    }

    static let boxSQL = """
        SELECT p.id, i.latitude, i.longitude FROM item_place AS p JOIN item AS i ON i.id = p.id
        WHERE p.max_lat >= ?1 AND p.min_lat <= ?2 AND p.max_lon >= ?3 AND p.min_lon <= ?4
        """

    /// Without a range, the box grows (x4) from 2 km until it holds enough items for the page:
    /// every item nearer than the box's radius is then in it, so the page is exact.
    public func nearby(_ centre: Coordinate, within radius: Double?, offset: Int, limit: Int) throws -> NearbyPage {
        let window = PageWindow(offset: offset, limit: limit)
        let (end, overflow) = window.offset.addingReportingOverflow(window.limit)
        let needed = overflow ? Int.max : end
        var reach = radius ?? 2_000
        var found: [(id: Int64, metres: Double)]
        while true {
            found = try candidates(centre, within: reach)
            // Counted within the circle: the box's corners hold items farther than `reach`, and
            // nearer ones outside the box may come before them.
            if radius != nil || reach >= GreatCircle.maxDistance || found.lazy.filter({ $0.metres <= reach }).count >= needed {
                break
            }
            reach = min(reach * 4, GreatCircle.maxDistance)
        }
        let ranked = NearbyPage.ranked(found, within: reach)
        let located = radius == nil ? Int(try db.scalar("SELECT count(*) FROM item_place")) : ranked.count
        let unplaced = max(0, try counts().toDo - Int(try db.scalar("SELECT count(*) FROM item_place")))
        let page = Array(ranked.dropFirst(window.offset).prefix(window.limit))
        return NearbyPage(rows: try items(page), total: located, unplaced: unplaced)
    }

    /// The items in the box around `centre` holding the circle of `metres`, with their exact
    /// distances (those outside the circle included: the caller cuts).
    private func candidates(_ centre: Coordinate, within metres: Double) throws -> [(id: Int64, metres: Double)] {
        let box = BoundingBox(around: centre, radius: metres)
        let s = try db.statement(Self.boxSQL)
        s.bind(1, box.minLatitude)
        s.bind(2, box.maxLatitude)
        s.bind(3, box.minLongitude)
        s.bind(4, box.maxLongitude)
        defer { s.reset() }
        var found: [(id: Int64, metres: Double)] = []
        while try s.step() {
            guard let point = try? Coordinate(latitude: s.double(1), longitude: s.double(2)) else { continue }
            found.append((s.int(0), GreatCircle.distance(centre, point)))
        }
        return found
    }

    /// The page's items, read by row id, in the page's order.
    private func items(_ page: [(id: Int64, metres: Double)]) throws -> [NearbyPage.Row] {
        guard !page.isEmpty else { return [] }
        let s = try db.statement("SELECT \(Self.columns) FROM item WHERE id = ?1")
        var rows: [NearbyPage.Row] = []
        for entry in page {
            s.reset()
            s.bind(1, entry.id)
            if try s.step() { rows.append(NearbyPage.Row(item: try row(s), metres: entry.metres)) }
        }
        s.reset()
        return rows
    }
}
