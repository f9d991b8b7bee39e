import ErrandDomain

/// `run NAME`: a saved search, listed as `find` lists (numbered, so `open N` and `check N`
/// act on its rows), on the tab it was saved on. `run NAME --new`: only the ads not reported
/// by an earlier `--new` run, or cheaper since; nothing at all when there are none, so cron
/// mails only news.
struct Run: ShellCommand {
    static let name = ArgumentSpec("NAME", .savedSearch, help: "a saved search (saved lists them)")
    static let new = OptionSpec("new", help: "ads searches: only the ads new since the last run --new, or cheaper; nothing when none")
    /// `run ALL --new`: every ads search at once, each ad once.
    static let every = "ALL"
    static let spec = CommandSpec("run", summary: "list what a saved search finds now (--new: only what is new since)",
                                  details: "An ads search runs on all ads, whatever the filter: it was saved with its own cat:. "
                                      + "The first run --new of a search lists all it finds; a re-posted ad (a new id with "
                                      + "the same title, text and seller) is new only if cheaper than before. run ALL --new "
                                      + "runs every ads search and lists each new ad once, with the searches that found it. "
                                      + "Typical from cron: errand -c 'sync ads' -c 'run ALL --new'.",
                                  arguments: [name], options: [new]) { values in
        Run(name: try values.requiredText(name), onlyNew: values.has(new))
    }

    let name: String
    let onlyNew: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        if name == Run.every {
            guard onlyNew else {
                throw ShellError.usage("run: ALL goes with --new: every ads search's new ads, each once (run ALL --new)")
            }
            return try Run.everyNew(&c)
        }
        let search = try Save.saved(name, command: "run", c)
        guard onlyNew else {
            if search.tab == .ads { c.session.filter = nil }
            return try Find.show(search.query, on: search.tab, command: "run \(name)", &c)
        }
        guard search.tab == .ads else {
            throw ShellError.usage("run: --new is for ads searches; \"\(name)\" is a to-do search (run \(name) lists it)")
        }
        var query = try Find.adQuery(search.query, command: "run \(name)", c)
        guard let catalogue = try c.store.catalogueSummary() else { throw ShellError.usage("run: no ads are cached yet: sync URL first") }
        query.placeCategories { catalogue.category(named: $0)?.id }
        let found = try c.commit(saved: "what it found is recorded as reported") { try $0.store.newAds(query, search: name) }
        c.session.tab = .ads
        c.session.stack = [.ads]
        c.session.listing = found.map { .ad($0.ad) }
        // Silence is the answer a cron job mails nothing for; a script reading JSON still gets its line.
        if found.isEmpty, c.session.output == .text { return Display() }
        let rows = found.map { AdRow(ad: $0.ad, category: catalogue.category($0.ad.categoryID)?.name ?? "?", was: $0.was) }
        let heading = "New for \"\(name)\" (\(search.query)): \(Plural.ads(found.count))"
        var display = Display(screen: .ads(heading: heading, rows: rows, first: 1, total: found.count))
        // As `find` gives it, so a script sees how the saved words were read.
        display.query = QueryReading(text: query.description, outline: query.outline)
        return display
    }

    /// Every ads search's new ads, each listed once with the names of the searches that found
    /// it (overlapping alerts report a bike once, not once a search). Each search records
    /// what it found in its own transaction, as `run NAME --new` does.
    static func everyNew(_ c: inout CommandContext) throws -> Display {
        let searches = try c.store.savedSearches().filter { $0.tab == .ads }
        guard !searches.isEmpty else { throw ShellError.usage("run: no ads search is saved: find on the ads tab, then save NAME") }
        guard let catalogue = try c.store.catalogueSummary() else { throw ShellError.usage("run: no ads are cached yet: sync URL first") }
        let queries = try searches.map { search in
            var query = try Find.adQuery(search.query, command: "run \(search.name)", c)
            query.placeCategories { catalogue.category(named: $0)?.id }
            return (name: search.name, query: query)
        }
        var order: [Int64] = []
        var rows: [Int64: AdRow] = [:]
        try c.commit(saved: "what they found is recorded as reported") { environment in
            for (name, query) in queries {
                for found in try environment.store.newAds(query, search: name) {
                    if rows[found.ad.id] == nil { order.append(found.ad.id) }
                    var row = rows[found.ad.id] ?? AdRow(ad: found.ad, category: catalogue.category(found.ad.categoryID)?.name ?? "?")
                    row.was = row.was ?? found.was
                    row.searches.append(name)
                    rows[found.ad.id] = row
                }
            }
        }
        let listed = order.compactMap { rows[$0] }.sorted { Ad.listOrder($0.ad, $1.ad) }
        c.session.tab = .ads
        c.session.stack = [.ads]
        c.session.listing = listed.map { .ad($0.ad) }
        if listed.isEmpty, c.session.output == .text { return Display() }
        let heading = "New for every ads search (" + searches.map(\.name).joined(separator: ", ") + "): " + Plural.ads(listed.count)
        return Display(screen: .ads(heading: heading, rows: listed, first: 1, total: listed.count))
    }
}
