import ErrandDomain

/// Places in a property-list store: the cache is a list in the file, and `near` measures
/// every open item, as every other read of this backend does (it suits small stores).
extension PlistItemStore {
    public func cachedPlace(key: String) throws -> CachedPlace? {
        try places[key]
    }

    public func cachePlace(name: String, match: PlaceMatch?, at seconds: Int64) throws {
        try changePlaces { $0[PlaceKey.of(name)] = CachedPlace(name: name, match: match, fetched: seconds) }
    }

    /// Kept under a key no place can have (PlaceKey never gives an empty key).
    public func lastLookup() throws -> Double? {
        try places[""].map { Double($0.fetched) / 1000 }
    }

    public func noteLookup(at seconds: Double) throws {
        try changePlaces { $0[""] = CachedPlace(name: "", match: nil, fetched: Int64((seconds * 1000).rounded())) }
    }

    public func placeNames(prefix: String, limit: Int) throws -> [String] {
        let low = PlaceKey.of(prefix)
        let cache = try places
        let cached = cache.keys.sorted().filter { $0.hasPrefix(low) && cache[$0]?.match != nil }.compactMap { cache[$0]?.name }
        // As SQLite does: items' places once something is typed.
        let items = low.isEmpty ? [] : try locatedItems.compactMap(\.location?.name).filter { PlaceKey.of($0).hasPrefix(low) }
        return PlaceKey.merged(cached, items, limit: limit)
    }

    public func locatedItemPlace(key: String) throws -> Location? {
        try locatedItems.first { $0.location.map { PlaceKey.of($0.name) == key } ?? false }?.location
    }

    /// Items with coordinates, open ones first, then the latest.
    private var locatedItems: [TodoItem] {
        get throws {
            try allItems().filter { $0.location?.coordinate != nil }
                .sorted { ($0.isDone ? 1 : 0, -$0.sequence) < ($1.isDone ? 1 : 0, -$1.sequence) }
        }
    }

    public func matchedAddress(for location: Location) throws -> String? {
        guard let c = location.coordinate else { return nil }
        let cache = try places
        if let own = cache[PlaceKey.of(location.name)]?.match, own.coordinate == c { return own.address }
        return cache.keys.sorted().lazy.compactMap { cache[$0]?.match }.first { $0.coordinate == c }?.address
    }

    public func nearby(_ centre: Coordinate, within radius: Double?, offset: Int, limit: Int) throws -> NearbyPage {
        let open = try openItems
        var byID: [Int: TodoItem] = [:]
        var measured: [(id: Int, metres: Double)] = []
        // The position in the To do section stands in for SQLite's row id in ties.
        for (index, item) in open.enumerated() {
            guard let point = item.location?.coordinate else { continue }
            byID[index] = item
            measured.append((index, GreatCircle.distance(centre, point)))
        }
        let ranked = NearbyPage.ranked(measured, within: radius)
        let window = PageWindow(offset: offset, limit: limit)
        let rows = window.slice(ranked).compactMap { entry in
            byID[entry.id].map { NearbyPage.Row(item: $0, metres: entry.metres) }
        }
        return NearbyPage(rows: rows, total: ranked.count, more: ranked.count > window.offset + rows.count,
                          unplaced: open.count - measured.count)
    }
}
