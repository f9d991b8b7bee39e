import ErrandCatalogue
import ErrandDomain

/// `sync [URL]`: fetch the catalogue again, from URL or from where it came from.
struct Sync: ShellCommand {
    static let url = ArgumentSpec("URL", .file, optional: true,
                                  help: "an http, https or file URL, or a folder, holding listing.json and categories.json")
    static let spec = CommandSpec("sync", summary: "fetch the catalogue again (from URL, or where it came from)",
                                  arguments: [url]) { Sync(typed: $0.text(url)) }

    let typed: String?

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
        let message = "synced \(Plural.ads(summary.total)) in \(summary.categories.count) categories from \(Secrets.redacted(typed ?? text)): "
            + "\(change.added) new, \(change.updated) updated, \(change.removed) removed"
        if c.session.tab == .ads, c.session.route == .ads {
            return try c.adsList(message: message)
        }
        return Display(message: message)
    }
}
