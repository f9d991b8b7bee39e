import ErrandCatalogue
import ErrandDomain
import ErrandSync

/// `sync [todos | ads [URL] [--images]]`: exchange the to-do list with the remote CalDAV
/// collection, or fetch the catalogue again (from URL or where it came from; with --images, also
/// the photos not cached yet, for offline use); bare `sync` syncs what the current tab shows.
/// `sync URL` (the catalogue) still works as it did.
struct Sync: ShellCommand {
    static let what = ArgumentSpec("WHAT", .wordOrFile(SyncKind.words), optional: true,
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
                                  arguments: [what, url], options: [images], effect: .changesStore) {
                                      try Sync(what: $0.text(what), typed: $0.text(url), images: $0.has(images))
                                  }

    /// nil: what the current tab shows.
    let kind: SyncKind?
    /// For ads: where to fetch the catalogue from, as typed.
    let typed: String?
    let images: Bool

    init(what: String?, typed: String?, images: Bool) throws(ShellError) {
        self.images = images
        guard let what else {
            (kind, self.typed) = (nil, typed)
            return
        }
        guard let kind = SyncKind(rawValue: what) else {
            // The older form: sync URL fetches the catalogue from there.
            guard typed == nil else { throw .usage("sync: say todos, or ads [URL]") }
            (self.kind, self.typed) = (.ads, what)
            return
        }
        if kind == .todos {
            guard typed == nil else { throw .usage("sync todos takes no URL: set the remote with remote URL") }
            guard !images else { throw .usage("sync todos: --images is for ads") }
        }
        (self.kind, self.typed) = (kind, typed)
    }

    func run(_ c: inout CommandContext) throws -> Display {
        switch kind ?? (c.session.tab == .ads ? .ads : .todos) {
        case .todos: return try todos(&c)
        case .ads: return try ads(&c, typed)
        }
    }

    func todos(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let known = try environment.store.syncRemote()
        guard let url = environment.remoteURL ?? known?.url else { throw ShellError.failed(SyncError.noRemote.description) }
        let line: String
        do {
            // The engine journals its own merges; the rest of a sync is not undone.
            line = try c.commit(saved: "the sync itself was saved") { environment in
                try environment.effects.perform(.syncTodos(remote: url), in: environment).syncLine
            }
        } catch let error as SyncError {
            throw ShellError.failed(error.description)
        }
        return try c.refresh(message: TextSafety.neutralised(line, asSpace: ["\n", "\t"]))
    }

    func ads(_ c: inout CommandContext, _ typed: String?) throws -> Display {
        let environment = c.environment
        let text: String
        if let typed {
            text = typed.contains("://") ? typed : "file://" + environment.resolve(path: typed)
        } else {
            text = try c.store.catalogueSummary()?.source ?? environment.catalogueBase
        }
        let (summary, change) = try Ads.fetch(try CatalogueSync.baseURL(text), &c)
        var message = "synced \(Plural.ads(summary.total)) in \(summary.categories.count) categories from \(Secrets.redacted(typed ?? text)): "
            + "\(change.added) new, \(change.updated) updated, \(change.removed) removed"
        if images {
            // The sync streams the catalogue into the store; the photos' URLs are read back from it.
            let ads = try environment.store.listedAds(in: nil, offset: 0, limit: summary.total)
            message += "; " + (try Sync.prefetch(ads, environment: environment))
        }
        if c.session.tab == .ads, c.session.route == .ads {
            return try c.adsList(message: message)
        }
        return Display(message: message)
    }

    /// The photos an ad's detail would show (the thumbnail, else the small image), fetched
    /// into the image cache; those beside a catalogue on disk need no download. Says what came
    /// of it in one line.
    static func prefetch(_ ads: [Ad], environment: ShellEnvironment) throws -> String {
        var seen = Set<String>()
        let catalogue = (try? environment.store.catalogueSummary())??.source
        let all = ads.compactMap { PhotoAddress.first($0, catalogue: catalogue) }.filter { seen.insert($0).inserted }
        let urls = all.filter { !$0.lowercased().hasPrefix("file:") }
        let onDisk = all.count - urls.count
        guard let outcome = try environment.effects.perform(.downloadPhotos(urls), in: environment).prefetched else {
            return "photos: no image cache here"
        }
        var line = "photos: \(outcome.fetched) downloaded, \(outcome.cached) already cached"
            + (onDisk > 0 ? ", \(onDisk) beside the catalogue" : "")
        if outcome.failed > 0 {
            line += ", \(outcome.failed) failed" + (outcome.firstFailure.map { " (the first: \($0))" } ?? "")
        }
        if outcome.skipped > 0 {
            let why = outcome.cancelled ? "stopped by Ctrl-C" : outcome.unreachableHosts.joined(separator: ", ") + " could not be reached"
            line += ", \(outcome.skipped) not asked for: " + why
        }
        return line
    }
}
