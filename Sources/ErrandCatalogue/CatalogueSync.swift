import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// Fetches both documents, checks them, and only then replaces the cache in one step: if
/// anything fails the previous cache is left exactly as it was.
public struct CatalogueSync {
    public static let defaultBase = "https://raw.githubusercontent.com/leboncoin/paperclip/master/"

    public let fetcher: CatalogueFetcher

    public init(fetcher: CatalogueFetcher = CatalogueFetcher()) {
        self.fetcher = fetcher
    }

    /// Checks a base URL typed by a user; a bare path is taken as a folder on disk.
    public static func baseURL(_ text: String) throws(CatalogueError) -> URL {
        var text = text
        if text.hasPrefix("/") { text = "file://" + text }
        if !text.hasSuffix("/") { text += "/" }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              ["http", "https", "file"].contains(scheme) else { throw .unsupportedURL(text) }
        return url
    }

    /// Fetches and validates a catalogue without storing it.
    public func fetch(base: URL, now: Int64) throws(CatalogueError) -> Catalogue {
        let categoryData = try fetcher.fetch(base.appendingPathComponent("categories.json"))
        let categories = try CatalogueDecoder.categories(categoryData)
        let listingData = try fetcher.fetch(base.appendingPathComponent("listing.json"))
        let ads = try CatalogueDecoder.ads(listingData, categories: categories)
        // Kept without the password: the store is no place for one, so a later `sync` with no
        // URL asks the server without it (and is told so) rather than replaying it.
        return Catalogue(ads: ads, categories: categories, source: Secrets.withoutPasswords(base.absoluteString), fetched: now)
    }

    /// Fetches, validates and replaces the cache; returns the new catalogue and what changed.
    public func sync(base: URL, into store: CatalogueStore, now: Int64) throws -> (Catalogue, CatalogueChange) {
        let catalogue = try fetch(base: base, now: now)
        let change = try store.replaceCatalogue(catalogue)
        return (catalogue, change)
    }
}
