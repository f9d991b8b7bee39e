import ErrandCatalogue
import ErrandDomain
import ErrandSync

/// `sync [todos | ads [URL] [--images]]`: exchange the to-do list with the remote CalDAV
/// collection, or fetch the catalogue again (from URL or where it came from; with --images, also
/// the photos not cached yet, for offline use); bare `sync` syncs what the current tab shows.
/// `sync URL` (the catalogue) still works as it did.
struct Sync: ShellCommand {
    static let what = ArgumentSpec("WHAT", .wordOrFile(["todos", "ads"]), optional: true,
                                   help: "todos (the CalDAV remote) or ads (the catalogue); default: the current tab")
    static let url = ArgumentSpec("URL", .file, optional: true,
                                  help: "for ads: an http, https or file URL, or a folder, holding listing.json and categories.json")
    static let images = OptionSpec("images", help: "with ads: also download every ad's photo not in the image cache yet")
    static let spec = CommandSpec("sync", summary: "sync the to-do list with its remote, or fetch the catalogue again",
                                  details: """
                                      sync todos exchanges changes both ways with the remote (see remote) and \
                                      says what happened in one line. sync ads [URL] fetches the catalogue (--images: and the photos). \
                                      Scripts should use the explicit forms.
                                      """,
                                  arguments: [what, url], options: [images]) {
                                      Sync(what: $0.text(what), typed: $0.text(url), images: $0.has(images))
                                  }

    let what: String?
    let typed: String?
    let images: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        switch what {
        case "todos"?:
            guard typed == nil else { throw ShellError.usage("sync todos takes no URL: set the remote with remote URL") }
            guard !images else { throw ShellError.usage("sync todos: --images is for ads") }
            return try todos(&c)
        case "ads"?:
            return try ads(&c, typed)
        case nil:
            return c.session.tab == .ads ? try ads(&c, nil) : try todos(&c)
        case let word?:
            // The older form: sync URL fetches the catalogue from there.
            guard typed == nil else { throw ShellError.usage("sync: say todos, or ads [URL]") }
            return try ads(&c, word)
        }
    }

    func todos(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let known = try environment.store.syncRemote()
        guard let url = environment.remoteURL ?? known?.url else { throw ShellError.failed(SyncError.noRemote.description) }
        let codec = HelperCodec(helper: environment.calendarHelper, now: { environment.clock.now })
        do {
            let (line, _) = try environment.todoSync.run(environment.store, url: url, codec: codec,
                                                          now: { environment.clock.now })
            return try c.refresh(message: TextSafety.neutralised(line, asSpace: ["\n", "\t"]))
        } catch let error as SyncError {
            throw ShellError.failed(error.description)
        }
    }

    func ads(_ c: inout CommandContext, _ typed: String?) throws -> Display {
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
    /// into the image cache; those beside a catalogue on disk need no download. Says what came
    /// of it in one line.
    static func prefetch(_ ads: [Ad], environment: ShellEnvironment) -> String {
        var seen = Set<String>()
        let catalogue = (try? environment.store.catalogueSummary())??.source
        let all = ads.compactMap { PhotoAddress.first($0, catalogue: catalogue) }.filter { seen.insert($0).inserted }
        let urls = all.filter { !$0.lowercased().hasPrefix("file:") }
        let onDisk = all.count - urls.count
        guard let source = environment.pictures else { return "photos: no image cache here" }
        let outcome = source.prefetch(urls) { done, total in environment.progress?(done, total) }
        var line = "photos: \(outcome.fetched) downloaded, \(outcome.cached) already cached"
            + (onDisk > 0 ? ", \(onDisk) beside the catalogue" : "")
        if outcome.failed > 0 {
            line += ", \(outcome.failed) failed" + (outcome.firstFailure.map { " (the first: \($0))" } ?? "")
        }
        return line
    }
}
