import ErrandDomain

extension CatalogueStore {
    /// The whole cache, read through the protocol's own calls, ads in id order: for tests
    /// that compare a cache with the catalogue that was synced. No command needs the whole
    /// cache (they read a summary, a page or one ad), so no backend has to provide it.
    package func catalogue() throws -> Catalogue? {
        guard let summary = try catalogueSummary() else { return nil }
        let ads = try listedAds(in: nil, offset: 0, limit: .max).sorted { $0.id < $1.id }
        return Catalogue(ads: ads, categories: summary.categories, source: summary.source, fetched: summary.fetched)
    }
}
