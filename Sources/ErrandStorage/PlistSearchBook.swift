import ErrandDomain

/// What a property-list store keeps for saved searches: the searches by name, and per search
/// the ads `run NAME --new` has reported, at the price each was last seen.
struct PlistSearchBook: Equatable {
    var searches: [SavedSearch] = []
    var seen: [String: [Int64: Double]] = [:]

    /// As the document holds it (absent when empty).
    struct Seen: Codable {
        var search: String
        var ad: Int64
        var price: Double
    }

    init() {}

    init(searches: [SavedSearch]?, seen: [Seen]?) {
        self.searches = searches ?? []
        for entry in seen ?? [] { self.seen[entry.search, default: [:]][entry.ad] = entry.price }
    }

    var seenEntries: [Seen]? {
        let entries = seen.keys.sorted().flatMap { search in
            (seen[search] ?? [:]).sorted { $0.key < $1.key }.map { Seen(search: search, ad: $0.key, price: $0.value) }
        }
        return entries.isEmpty ? nil : entries
    }

    func search(named name: String) -> SavedSearch? { searches.first { $0.name == name } }

    mutating func apply(_ change: SavedSearchChange) {
        searches.removeAll { $0.name == change.name }
        if let after = change.after { searches.append(after) }
        searches.sort { $0.name < $1.name }
    }

    /// The matches not reported at their price or lower (nor, for a re-post, its original),
    /// then every match recorded at its price. What was recorded of the ads no longer cached
    /// goes (each sync brought new ids, and the records grew with every one), but for the
    /// original of a cached re-post, which its re-post is measured from.
    mutating func newAds(_ matches: [Ad], search: String, cached: [Ad]) -> [NewAd] {
        if !seen.isEmpty {
            var kept = Set<Int64>()
            for ad in cached {
                kept.insert(ad.id)
                if let original = ad.repostOf { kept.insert(original) }
            }
            seen = seen.mapValues { $0.filter { kept.contains($0.key) } }
        }
        let reported = seen[search] ?? [:]
        let found = matches.compactMap { ad -> NewAd? in
            let was = [ad.id, ad.repostOf].compactMap { $0.flatMap { reported[$0] } }.min()
            if let was, was <= ad.price { return nil }
            return NewAd(ad: ad, was: was)
        }
        for ad in matches { seen[search, default: [:]][ad.id] = ad.price }
        return found
    }
}
