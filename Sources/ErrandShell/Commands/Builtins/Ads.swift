import ErrandCatalogue
import ErrandDomain
import FoundationEssentials

/// `ads`: the ads tab, syncing first when nothing is cached and refreshing a stale cache.
struct Ads: ShellCommand {
    static let spec = CommandSpec("ads", summary: "the ads tab: the cached catalogue, urgent first, then newest",
                                  details: "Syncs first when nothing is cached; refreshes when the cache is older than the maximum age.") { _ in
        Ads()
    }

    /// The catalogue fetched from `base` into the store, as a committed write: a failure after
    /// it (the list read to show it) still says the catalogue was saved.
    /// The fetch is an effect (Effect.fetchCatalogue), performed inside the store's write.
    static func fetch(_ base: URL, _ c: inout CommandContext) throws -> (CatalogueSummary, CatalogueChange) {
        try c.commit(saved: "the catalogue itself was saved") { environment in
            try environment.effects.perform(.fetchCatalogue(base: base.absoluteString), in: environment).catalogue
        }
    }

    func run(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let now = environment.nowSeconds
        let message: String?
        // Read first, then sync outside the read, through the committed-change path.
        if let cached = try c.store.catalogueSummary() {
            let age = now - cached.fetched
            // While watched the cache is shown as it is: a refresh is a write.
            message = age > environment.catalogueMaxAge && !c.readOnly ? Ads.refresh(cached, age: age, now: now, &c) : nil
        } else {
            do {
                let (summary, _) = try Ads.fetch(try CatalogueSync.baseURL(environment.catalogueBase), &c)
                message = "fetched \(Plural.ads(summary.total)) from \(Secrets.redacted(environment.catalogueBase))"
            } catch {
                if c.refusedWrite { throw error }
                throw ShellError.failed("ads: nothing is cached and \(ShellError.from(error)); get a catalogue with sync URL, e.g. "
                    + (environment.exampleCatalogue().map { "sync " + $0 }
                        ?? "sync file:///path/to/folder (holding listing.json and categories.json)"))
            }
        }
        c.session.tab = .ads
        c.session.stack = [.ads]
        return try c.adsList(message: message)
    }

    /// A stale cache fetched again from where it came; a failure keeps the cache and says so.
    static func refresh(_ cached: CatalogueSummary, age: Int64, now: Int64, _ c: inout CommandContext) -> String {
        do {
            _ = try Ads.fetch(try CatalogueSync.baseURL(cached.source), &c)
            return "refreshed from \(Secrets.redacted(cached.source))"
        } catch {
            return "warning: could not refresh (\(ShellError.from(error))); showing the cache from \(Age.describe(age)) ago"
        }
    }
}
