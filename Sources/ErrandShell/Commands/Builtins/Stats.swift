import ErrandDomain
import FoundationEssentials

/// `stats [NAME]`: the going rate of what an ads search finds (a saved one, or what the ads
/// tab shows): how many, the lowest (row 1: the cheapest 1,000 ads are numbered by price for
/// `open N`), the quartiles and median, the highest, and the median of the same ads' prices 30
/// days ago, from the earlier prices each sync keeps. It reads the ads' prices, not their text.
struct Stats: ShellCommand {
    static let name = ArgumentSpec("NAME", .savedSearch, optional: true, help: "a saved ads search (default: what the ads tab shows)")
    static let spec = CommandSpec("stats", summary: "the prices of what an ads search finds: lowest, quartiles, median and its move over 30 days",
                                  details: "Alone: the ads tab's last find, or its filter, or every ad. The ads are then "
                                      + "numbered cheapest first, so open 1 opens the lowest.",
                                  arguments: [name]) { values in
        Stats(name: values.text(name))
    }

    static let days = 30
    /// Past this many ads, the prices of 30 days ago are not traced (one read an ad).
    static let tracedAtMost = 5_000
    /// The cheapest ads `open N` can name after `stats`: the listing holds each whole.
    static let numbered = 1_000

    let name: String?

    func run(_ c: inout CommandContext) throws -> Display {
        let text: String
        if let name {
            let search = try Save.saved(name, command: "stats", c)
            guard search.tab == .ads else { throw ShellError.usage("stats: \"\(name)\" is a to-do search: stats is for ads searches") }
            text = search.query
        } else {
            text = c.session.tab == .ads ? Save.shown(c) ?? "" : ""
        }
        guard let catalogue = try c.store.catalogueSummary() else { throw ShellError.usage("stats: no ads are cached yet: sync URL first") }
        var query = text.isEmpty ? AdQuery(description: "every ad") : try Find.adQuery(text, command: "stats", c)
        query.placeCategories { catalogue.category(named: $0)?.id }
        query.sort = .price
        // Prices only: 100,000 ads' text is never read for a count and quartiles.
        let prices = try c.store.adPrices(query)
        let since = c.environment.nowSeconds - Int64(Stats.days * 86_400)
        var then: [Double]? = nil
        if prices.count <= Stats.tracedAtMost {
            then = try prices.filter { $0.created <= since }.map { ad in
                PriceStats.price(of: ad, at: since, earlier: try c.store.earlierPrices(of: ad.id))
            }
        }
        // The cheapest are numbered for `open N`, the first `numbered` of them.
        let ads = try c.store.matchingAds(query, offset: 0, limit: min(prices.count, Stats.numbered))
        // The screen stays the list or find it was (save, back and more act on it); only the
        // numbers are the ads by price.
        if c.session.tab != .ads {
            c.session.tab = .ads
            c.session.stack = [.ads]
        }
        c.session.listing = ads.map { .ad($0) }
        let heading = "Prices of " + (name.map { "\"\($0)\" (\(text))" } ?? (text.isEmpty ? "every ad" : "\"\(text)\""))
            + ": " + Plural.ads(prices.count)
        let view = PriceStatsView(heading: heading, stats: PriceStats(prices: prices.map(\.price), then: then ?? [], days: Stats.days),
                                  lowest: ads.first.map { AdRow(ad: $0, category: catalogue.category($0.categoryID)?.name ?? "?") },
                                  traced: then != nil)
        return Display(screen: .priceStats(view))
    }
}
