import ErrandDomain

/// The ads cache, carried by both backends behind the same protocol as the items: only the
/// reads the ads commands make (a summary, a page, one ad), never the whole cache at once.
public protocol CatalogueStore: AnyObject {
    /// One cached ad and its category name, without reading the whole catalogue.
    func ad(id: Int64) throws -> (ad: Ad, category: String?)?
    /// Source, date, categories and counts, without reading the ads; nil when nothing is cached.
    func catalogueSummary() throws -> CatalogueSummary?
    /// A page of the list order (urgent first, then newest, then id), in one category or all.
    func listedAds(in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad]
    /// How many ads `query` finds (its words in the title or description, as `find` matches
    /// items; its category, prices, urgency and seller).
    func adMatchCount(_ query: AdQuery) throws -> Int
    /// A page of those ads in the query's order.
    func matchingAds(_ query: AdQuery, offset: Int, limit: Int) throws -> [Ad]
    /// Each of those ads' price and posting time, in the query's order: what `stats` counts,
    /// without the ads' text.
    func adPrices(_ query: AdQuery) throws -> [AdPrice]
    /// The ad's earlier prices, oldest first, each with the sync that last saw it.
    func earlierPrices(of id: Int64) throws -> [PricePoint]
    /// Stars or unstars cached ads; an unstarred ad that is gone leaves the cache. Returns
    /// how many changed.
    func setStarred(_ starred: Bool, ids: [Int64], journaled journal: JournalContext?) throws -> Int
    /// Hides ads (left out of lists, finds, counts and alerts, their re-posts with them) or
    /// shows them again. Returns how many changed.
    func setHidden(_ hidden: Bool, ids: [Int64], journaled journal: JournalContext?) throws -> Int
    /// The ads `query` finds that saved search `search` has not reported yet, or whose price
    /// dropped since it last did (a re-post counts as its original), in the query's order;
    /// what it finds is recorded as reported in the same transaction, so a run stopped before
    /// it commits reports the same again, and one after reports nothing twice.
    func newAds(_ query: AdQuery, search: String) throws -> [NewAd]
    /// Replaces the whole cache in one durable step and says what changed; on any failure
    /// the previous cache stays exactly as it was.
    func replaceCatalogue(_ catalogue: Catalogue) throws -> CatalogueChange
    /// The same with the ads handed over one at a time as they are read (a sync streams
    /// them): `ads` is called once, with the function that stores one ad. A backend that
    /// keeps the ads apart never holds them all; on any error, `ads`'s own included, the
    /// previous cache stays exactly as it was.
    func replaceCatalogue(categories: [AdCategory], source: String, fetched: Int64,
                          ads: (_ add: (Ad) throws -> Void) throws -> Void) throws -> CatalogueChange
}

extension CatalogueStore {
    /// For a backend that writes its cache whole (the property list): the ads gathered, then
    /// replaced at once.
    public func replaceCatalogue(categories: [AdCategory], source: String, fetched: Int64,
                                 ads: (_ add: (Ad) throws -> Void) throws -> Void) throws -> CatalogueChange {
        var all: [Ad] = []
        try ads { all.append($0) }
        return try replaceCatalogue(Catalogue(ads: all, categories: categories, source: source, fetched: fetched))
    }
}

/// What Errand keeps: to-do items and the ads cache.
public typealias ErrandStore = any ItemStore & CatalogueStore & PlaceStore & SavedSearchStore

extension CatalogueStore {
    /// Stars changed by no command (tests, a sync carrying them over): journaled as nothing.
    public func setStarred(_ starred: Bool, ids: [Int64]) throws -> Int {
        try setStarred(starred, ids: ids, journaled: nil)
    }
}
