import ErrandCatalogue
import ErrandDomain
import ErrandStorage
import Foundation

/// The ads tab: the cached catalogue, its filter, paging and sync.
extension Interpreter {
    func ads(_ s: inout Session) throws -> Display {
        var message: String?
        let now = environment.nowSeconds
        if let cached = try environment.store.catalogueSummary() {
            let age = now - cached.fetched
            if age > environment.catalogueMaxAge {
                do {
                    _ = try environment.catalogueSync.sync(base: try CatalogueSync.baseURL(cached.source),
                                                           into: environment.store, now: now)
                    message = "refreshed from \(cached.source)"
                } catch {
                    message = "warning: could not refresh (\(ShellError.from(error))); showing the cache from \(Age.describe(age)) ago"
                }
            }
        } else {
            do {
                let (catalogue, _) = try environment.catalogueSync.sync(
                    base: try CatalogueSync.baseURL(environment.catalogueBase), into: environment.store, now: now)
                message = "fetched \(Plural.ads(catalogue.ads.count)) from \(environment.catalogueBase)"
            } catch {
                throw ShellError.failed("ads: nothing is cached and \(ShellError.from(error)); "
                    + "get a catalogue with sync URL, e.g. sync file:///path/to/folder (holding listing.json and categories.json)")
            }
        }
        s.tab = .ads
        s.stack = [.ads]
        return try adsList(&s, message: message)
    }

    func filter(_ name: String?, _ s: inout Session) throws -> Display {
        guard let catalogue = try environment.store.catalogueSummary() else {
            throw ShellError.usage("filter: no ads are cached yet: type ads or sync URL first")
        }
        if let name {
            guard let category = catalogue.category(named: name) else {
                let names = catalogue.categories.map(\.name).joined(separator: ", ")
                throw ShellError.usage("filter: no category \(ShellError.quote(name)); choose one of \(names)")
            }
            s.filter = category.name
        } else {
            s.filter = nil
        }
        s.tab = .ads
        s.stack = [.ads]
        return try adsList(&s, message: nil)
    }

    func categories() throws -> Display {
        guard let catalogue = try environment.store.catalogueSummary() else {
            throw ShellError.usage("categories: no ads are cached yet: type ads or sync URL first")
        }
        return Display(screen: .categories(catalogue.categories.map {
            CategoryCount(name: $0.name, count: catalogue.count(in: $0))
        }))
    }

    func sync(_ typed: String?, _ s: inout Session) throws -> Display {
        let text: String
        if let typed {
            text = typed.contains("://") ? typed : "file://" + environment.resolve(path: typed)
        } else {
            text = try environment.store.catalogueSummary()?.source ?? environment.catalogueBase
        }
        let (catalogue, change) = try environment.catalogueSync.sync(base: try CatalogueSync.baseURL(text),
                                                                     into: environment.store, now: environment.nowSeconds)
        let shownSource = typed ?? text
        let message = "synced \(Plural.ads(catalogue.ads.count)) in \(catalogue.categories.count) categories from \(shownSource): "
            + "\(change.added) new, \(change.updated) updated, \(change.removed) removed"
        if s.tab == .ads, s.route == .ads {
            return try adsList(&s, message: message)
        }
        return Display(message: message)
    }

    func more(_ s: inout Session) throws -> Display {
        switch s.route {
        case .ads?: return try adsList(&s, message: nil, continuing: true)
        case .day?, .all?: return try render(&s, continuing: true)
        default: throw ShellError.usage("more: only lists have pages (a day, list, ads)")
        }
    }

    /// The ads list (or its next page, see ListPage), so `open 3` still works after `more`.
    /// Only the page is read from the store, in list order, through an index.
    func adsList(_ s: inout Session, message: String?, continuing: Bool = false) throws -> Display {
        guard let catalogue = try environment.store.catalogueSummary() else {
            throw ShellError.usage("ads: no ads are cached yet: sync URL first")
        }
        let category = s.filter.flatMap { catalogue.category(named: $0) }
        if s.filter != nil, category == nil { s.filter = nil }
        let total = catalogue.count(in: category)
        let page = try ListPage(s, continuing: continuing, total: total, describe: Plural.ads)
        let ads = try environment.store.listedAds(in: category?.id, offset: page.start, limit: page.limit)
        let rows = ads.map { AdRow(ad: $0, category: catalogue.category($0.categoryID)?.name ?? "?") }
        s.listing = page.listing(s, adding: ads.map { .ad($0) })
        let heading = (category?.name ?? "All ads") + ": \(Plural.ads(total)), cached "
            + Age.describe(environment.nowSeconds - catalogue.fetched) + " ago"
        return Display(message: message, screen: .ads(heading: heading, rows: rows, first: page.start + 1, total: total))
    }
}
