import ErrandCatalogue
import ErrandDomain

/// `ads`: the ads tab, syncing first when nothing is cached and refreshing a stale cache.
struct Ads: ShellCommand {
    static let spec = CommandSpec("ads", summary: "the ads tab: the cached catalogue, urgent first, then newest",
                                  details: "Syncs first when nothing is cached; refreshes when the cache is older than the maximum age.") { _ in
        Ads()
    }

    func run(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let now = environment.nowSeconds
        var message: String?
        if let cached = try c.store.catalogueSummary() {
            let age = now - cached.fetched
            if age > environment.catalogueMaxAge {
                do {
                    _ = try environment.catalogueSync.sync(base: try CatalogueSync.baseURL(cached.source),
                                                           into: environment.store, now: now)
                    message = "refreshed from \(Secrets.redacted(cached.source))"
                } catch {
                    message = "warning: could not refresh (\(ShellError.from(error))); showing the cache from \(Age.describe(age)) ago"
                }
            }
        } else {
            do {
                let (summary, _) = try environment.catalogueSync.sync(
                    base: try CatalogueSync.baseURL(environment.catalogueBase), into: environment.store, now: now)
                message = "fetched \(Plural.ads(summary.total)) from \(Secrets.redacted(environment.catalogueBase))"
            } catch {
                throw ShellError.failed("ads: nothing is cached and \(ShellError.from(error)); get a catalogue with sync URL, e.g. "
                    + (environment.exampleCatalogue().map { "sync " + $0 }
                        ?? "sync file:///path/to/folder (holding listing.json and categories.json)"))
            }
        }
        c.session.tab = .ads
        c.session.stack = [.ads]
        return try c.adsList(message: message)
    }
}
