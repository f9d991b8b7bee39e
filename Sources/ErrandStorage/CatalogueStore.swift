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
    /// How many ads, in one category or all, have titles or descriptions holding every word of
    /// `query` (as `find` matches items).
    func adMatchCount(_ query: SearchQuery, in categoryID: Int64?) throws -> Int
    /// A page of those ads in list order.
    func matchingAds(_ query: SearchQuery, in categoryID: Int64?, offset: Int, limit: Int) throws -> [Ad]
    /// Replaces the whole cache in one durable step and says what changed; on any failure
    /// the previous cache stays exactly as it was.
    func replaceCatalogue(_ catalogue: Catalogue) throws -> CatalogueChange
}

/// What Errand keeps: to-do items and the ads cache.
public typealias ErrandStore = any ItemStore & CatalogueStore
