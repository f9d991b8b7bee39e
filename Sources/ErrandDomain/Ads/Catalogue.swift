import FoundationEssentials

/// A cached copy of the ads API: what was fetched, from where and when.
public struct Catalogue: Equatable, Sendable {
    public var ads: [Ad]
    public var categories: [AdCategory]
    public var source: String
    /// Seconds since 1970 of the fetch.
    public var fetched: Int64
    /// Each ad's earlier prices, oldest first (Catalogue+Carrying).
    public var earlierPrices: [Int64: [PricePoint]] = [:]

    public init(ads: [Ad], categories: [AdCategory], source: String, fetched: Int64) {
        self.ads = ads
        self.categories = categories
        self.source = source
        self.fetched = fetched
    }

    public func category(_ id: Int64) -> AdCategory? { AdCategory.find(id, in: categories) }

    /// The category whose folded name equals the folded text.
    public func category(named text: String) -> AdCategory? { AdCategory.find(named: text, in: categories) }

    public var summary: CatalogueSummary {
        var counts: [Int64: Int] = [:]
        for ad in ads where !ad.isGone && !ad.isHidden { counts[ad.categoryID, default: 0] += 1 }
        return CatalogueSummary(source: source, fetched: fetched, categories: categories, counts: counts)
    }

    /// The ads to list: those of one category id or all, urgent first then newest first. An id
    /// is matched against the ads, not the category list: an id no ad has lists none (as the
    /// SQLite backend's WHERE does), and ads whose category is missing from the list are still
    /// found by their id.
    public func listed(in categoryID: Int64?) -> [Ad] {
        ads.filter { !$0.isGone && !$0.isHidden && (categoryID == nil || $0.categoryID == categoryID) }.sorted(by: Ad.listOrder)
    }

    /// What `find` finds on the ads tab, in the query's order.
    public func listed(matching query: AdQuery) -> [Ad] {
        ads.filter(query.matches).sorted(by: query.inOrder)
    }

    /// What a new copy changes compared with this one.
    public func changes(to next: Catalogue) -> CatalogueChange {
        var old: [Int64: Ad] = [:]
        for ad in ads where !ad.isGone { old[ad.id] = ad }
        var added = 0, updated = 0
        for ad in next.ads {
            if let previous = old.removeValue(forKey: ad.id) {
                if !previous.sameListing(ad) { updated += 1 }
            } else {
                added += 1
            }
        }
        return CatalogueChange(added: added, updated: updated, removed: old.count)
    }
}
