import ErrandCatalogue
import ErrandDomain

/// `sync [URL] [--images]`: fetch the catalogue again, from URL or from where it came from;
/// with --images, also the photos not cached yet, for offline use.
struct Sync: ShellCommand {
    static let url = ArgumentSpec("URL", .file, optional: true,
                                  help: "an http, https or file URL, or a folder, holding listing.json and categories.json")
    static let images = OptionSpec("images", help: "also download every ad's photo not in the image cache yet")
    static let spec = CommandSpec("sync", summary: "fetch the catalogue again (from URL, or where it came from)",
                                  arguments: [url], options: [images]) { Sync(typed: $0.text(url), images: $0.has(images)) }

    let typed: String?
    var images = false

    func run(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let text: String
        if let typed {
            text = typed.contains("://") ? typed : "file://" + environment.resolve(path: typed)
        } else {
            text = try c.store.catalogueSummary()?.source ?? environment.catalogueBase
        }
        let (summary, change) = try environment.catalogueSync.sync(base: try CatalogueSync.baseURL(text),
                                                                   into: environment.store, now: environment.nowSeconds)
        var message = "synced \(Plural.ads(summary.total)) in \(summary.categories.count) categories from \(Secrets.redacted(typed ?? text)): "
            + "\(change.added) new, \(change.updated) updated, \(change.removed) removed"
        if images {
            // The sync streams the catalogue into the store; the photos' URLs are read back from it.
            let ads = try environment.store.listedAds(in: nil, offset: 0, limit: summary.total)
            message += "; " + Sync.prefetch(ads, environment: environment)
        }
        if c.session.tab == .ads, c.session.route == .ads {
            return try c.adsList(message: message)
        }
        return Display(message: message)
    }

    /// The photos an ad's detail would show (the thumbnail, else the small image), fetched
    /// into the image cache; says what came of it in one line.
    static func prefetch(_ ads: [Ad], environment: ShellEnvironment) -> String {
        var seen = Set<String>()
        let urls = ads.compactMap { $0.thumbImage ?? $0.smallImage }.filter { seen.insert($0).inserted }
        guard let source = environment.pictures else { return "photos: no image cache here" }
        let outcome = source.prefetch(urls) { done, total in environment.progress?(done, total) }
        var line = "photos: \(outcome.fetched) downloaded, \(outcome.cached) already cached"
        if outcome.failed > 0 {
            line += ", \(outcome.failed) failed" + (outcome.firstFailure.map { " (the first: \($0))" } ?? "")
        }
        return line
    }
}
