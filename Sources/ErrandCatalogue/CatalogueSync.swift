import ErrandDomain
import ErrandHelpers
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

    /// Fetches, validates and replaces the cache; returns what is now cached (its summary) and
    /// what changed. The listing is downloaded to disk (ListingSpool), then read and each ad
    /// stored as soon as it is checked (ListingStream, CatalogueStore's streaming replace):
    /// neither the document nor its ads are ever held whole in memory. Any error, in the last ad included, leaves the cache as it was.
    public func sync(base: URL, into store: CatalogueStore, now: Int64) throws -> (CatalogueSummary, CatalogueChange) {
        let categories = try CatalogueDecoder.categories(try fetcher.fetch(base.appendingPathComponent("categories.json")))
        let source = Secrets.withoutPasswords(base.absoluteString)
        var counts: [Int64: Int] = [:]
        let listing = base.appendingPathComponent("listing.json")
        // Over the network, downloaded first, so the store is locked only while it is parsed.
        let spool = listing.isFileURL ? nil : try ListingSpool(downloading: listing, with: fetcher)
        let change = try store.replaceCatalogue(categories: categories, source: source, fetched: now) { add in
            try withoutActuallyEscaping(add) { add in
                var stream = ListingStream(categories: categories) { ad in
                    counts[ad.categoryID, default: 0] += 1
                    try add(ad)
                }
                if let spool {
                    try spool.replay { try stream.feed($0) }
                } else {
                    try fetcher.stream(listing) { try stream.feed($0) }
                }
                try stream.finish()
            }
        }
        return (CatalogueSummary(source: source, fetched: now, categories: categories, counts: counts), change)
    }
}
