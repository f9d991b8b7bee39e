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

    public func lastLookup() throws -> Double? {
        let s = try db.statement("SELECT last FROM place_lookup WHERE id = 0")
        defer { s.reset() }
        return try s.step() ? s.double(0) : nil
    }

    public func noteLookup(at seconds: Double) throws {
        try db.writeTransaction {
            let s = try db.statement("INSERT OR REPLACE INTO place_lookup (id, last) VALUES (0, ?1)")
            s.bind(1, seconds)
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
        var names: [String] = []
        while try s.step() { names.append(s.text(0)) }
        s.reset()
        let items = try itemPlaces(phrase: SearchQuery.words(of: prefix), prefix: !prefix.hasSuffix(" "))
            .map(\.name).filter { PlaceKey.of($0).hasPrefix(low) }
        return PlaceKey.merged(names, items, limit: limit)
    }

    static let knownPlaceSQL = """
        SELECT place, latitude, longitude FROM item INDEXED BY item_place_key
        WHERE place_key = ?1 AND latitude IS NOT NULL ORDER BY done, seq DESC
        """

    /// Through item_place_key, in the order of its entries (open first, then the latest): a
    /// place a hundred thousand items share costs what a place of one does. Matching the
    /// place's words through the full-text index instead read every item naming it for each
    /// `create --at`, and seeding a million items never ended.
    public func locatedItemPlace(key: String) throws -> Location? {
        let s = try db.statement(Self.knownPlaceSQL)
        s.bind(1, key)
        defer { s.reset() }
        while try s.step() {
            // A damaged row is passed over, as a read of it would be.
            guard let name = s.optionalText(0), let lat = s.optionalDouble(1), let lon = s.optionalDouble(2),
                  let point = try? Coordinate(latitude: lat, longitude: lon) else { continue }
            return Location(name: name, coordinate: point)
        }
        return nil
    }

    /// Located items whose place holds `phrase` (its last word as a prefix when `prefix`),
    /// open ones first, then the latest: the full-text index's place column finds them, so
    /// no item is read that does not name the place. Nothing for an empty phrase.
    private func itemPlaces(phrase: [String], prefix: Bool) throws -> [Location] {
        guard !phrase.isEmpty else { return [] }
        // The words are letters and digits only (SearchQuery): quoting is all FTS5 needs.
        let query = "place : \"" + phrase.joined(separator: " ") + "\"" + (prefix ? " *" : "")
        let s = try db.statement("""
            SELECT place, latitude, longitude FROM item
            WHERE id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?1) AND latitude IS NOT NULL
            ORDER BY done, seq DESC LIMIT 200
            """)
        s.bind(1, query)
        defer { s.reset() }
        var found: [Location] = []
        while try s.step() {
            guard let name = s.optionalText(0), let lat = s.optionalDouble(1), let lon = s.optionalDouble(2),
                  let point = try? Coordinate(latitude: lat, longitude: lon) else { continue }
            found.append(Location(name: name, coordinate: point))
        }
        return found
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

    /// The index alone: its integer microdegrees are the item's coordinates to 11 cm.
    static let boxSQL = """
        SELECT id, min_lat, min_lon FROM item_place
        WHERE max_lat >= ?1 AND min_lat <= ?2 AND max_lon >= ?3 AND min_lon <= ?4
        """

    /// The page: a circle that grows (x2) from 500 m until it holds the page and one more
    /// row, or reaches the range (or, without one, holds every item): a page costs what its
    /// neighbourhood holds, not what the range holds. So a crowded range is not counted (the
    /// total is then nil); without a range the tally gives it. Order and range are judged on
    /// the index's coordinates (to 11 cm); the page's distances on the items' own.
    public func nearby(_ centre: Coordinate, within radius: Double?, offset: Int, limit: Int) throws -> NearbyPage {
        let window = PageWindow(offset: offset, limit: limit)
        let (end, overflow) = window.offset.addingReportingOverflow(window.limit)
        let needed = overflow || end == Int.max ? Int.max : end + 1
        let located = Int(try db.scalar("SELECT located FROM place_tally"))
        let limit = radius ?? GreatCircle.maxDistance
        var reach = min(500, limit)
        var found: [(id: Int64, metres: Double)]
        while true {
            found = try candidates(centre, within: reach)
            if reach >= limit || found.count >= needed || found.count >= located { break }
            reach = min(reach * 2, limit)
        }
        let complete = reach >= limit || found.count >= located
        let total = radius == nil ? located : complete ? found.count : nil
        let ranked = NearbyPage.ranked(found, within: nil)
        let page = Array(ranked.dropFirst(window.offset).prefix(window.limit))
        return NearbyPage(rows: try items(page, from: centre), total: total, more: ranked.count > window.offset + page.count,
                          unplaced: max(0, try counts().toDo - located))
    }

    /// The open located items within `metres` of `centre`, with their distances.
    private func candidates(_ centre: Coordinate, within metres: Double) throws -> [(id: Int64, metres: Double)] {
        let box = BoundingBox(around: centre, radius: metres)
        let s = try db.statement(Self.boxSQL)
        s.bind(1, Int64((box.minLatitude * 1e6).rounded(.down)))
        s.bind(2, Int64((box.maxLatitude * 1e6).rounded(.up)))
        s.bind(3, Int64((box.minLongitude * 1e6).rounded(.down)))
        s.bind(4, Int64((box.maxLongitude * 1e6).rounded(.up)))
        defer { s.reset() }
        let meter = GreatCircle.Meter(from: centre)
        let most = GreatCircle.Meter.term(forMetres: metres)
        var found: [(id: Int64, metres: Double)] = []
        while try s.step() {
            let term = meter.term(latitude: Double(s.int(1)) / 1e6, longitude: Double(s.int(2)) / 1e6)
            if term <= most { found.append((s.int(0), GreatCircle.Meter.metres(forTerm: term))) }
        }
        return found
    }

    /// The page's items, read by row id, in the page's order, each with its distance measured
    /// on its own coordinates.
    private func items(_ page: [(id: Int64, metres: Double)], from centre: Coordinate) throws -> [NearbyPage.Row] {
        guard !page.isEmpty else { return [] }
        let s = try db.statement("SELECT \(Self.readColumns) FROM item WHERE id = ?1")
        var rows: [NearbyPage.Row] = []
        for entry in page {
            s.reset()
            s.bind(1, entry.id)
            guard try s.step() else { continue }
            let item = try row(s)
            let metres = item.location?.coordinate.map { GreatCircle.distance(centre, $0) } ?? entry.metres
            rows.append(NearbyPage.Row(item: item, metres: metres))
        }
        s.reset()
        return rows
    }
}
