import ErrandDomain
import ErrandShell
import ErrandStorage
import Testing

/// `stats` (issue 46): the spread of a search's prices and how its median moved over 30 days,
/// from the earlier prices two syncs kept, on both backends.
@Suite struct PriceStatsTests {
    @Test func quartilesAreLinearBetweenRanks() throws {
        let stats = try #require(PriceStats(prices: [40, 10, 30, 20], then: [], days: 30))
        #expect(stats.lowest == 10 && stats.highest == 40 && stats.median == 25)
        #expect(stats.lowerQuartile == 17.5 && stats.upperQuartile == 32.5)
        #expect(stats.medianThen == nil && stats.change == nil)
        #expect(stats.spread.reduce(0, +) == 4 && stats.spread.first == 1 && stats.spread.last == 1)
        #expect(PriceStats(prices: [], then: [], days: 30) == nil)
    }

    @Test func thePriceThenIsTheLastSeenByThen() {
        let ad = AdPrice(id: 1, price: 80, created: 0)
        let points = [PricePoint(price: 120, seen: 100), PricePoint(price: 100, seen: 200)]
        #expect(PriceStats.price(of: ad, at: 150, earlier: points) == 120)
        #expect(PriceStats.price(of: ad, at: 250, earlier: points) == 100)
        #expect(PriceStats.price(of: ad, at: 50, earlier: points) == 120, "changed only after: the first price kept")
        #expect(PriceStats.price(of: ad, at: 50, earlier: []) == 80)
    }

    @Test(arguments: ["sqlite", "plist"])
    func theMediansMoveIsCountedFromTheKeptPrices(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let now = t.interpreter.environment.nowSeconds
        let day: Int64 = 86_400
        let categories = [AdCategory(id: 1, name: "Véhicule")]
        func ad(_ id: Int64, _ price: Double, posted: Int64) -> Ad {
            Ad(id: id, categoryID: 1, title: "Vélo \(id)", description: "cadre", price: price, created: now - posted * day, isUrgent: false)
        }
        // Forty days ago three bikes at 100, 200 and 300; then two came down, and a new one at 50.
        _ = try t.store.replaceCatalogue(Catalogue(ads: [ad(1, 100, posted: 60), ad(2, 200, posted: 60), ad(3, 300, posted: 60)],
                                                   categories: categories, source: "file:///x/", fetched: now - 40 * day))
        _ = try t.store.replaceCatalogue(Catalogue(ads: [ad(1, 80, posted: 60), ad(2, 150, posted: 60), ad(3, 300, posted: 60),
                                                         ad(4, 50, posted: 5)],
                                                   categories: categories, source: "file:///x/", fetched: now - 20 * day))
        t.given("ads")
        t.given("find velo")
        t.given("stats")
        // Prices are written with French spacing (no-break spaces): compared as plain ones.
        let plain = t.sink.all.map { String($0.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 }) }
        #expect(plain == ["Prices of \"velo\": 4 ads",
                         "  lowest    50,00 €  open 1: Vélo 4",
                         "  25%       72,50 €",
                         "  median    115,00 €",
                         "  75%       187,50 €",
                         "  highest   300,00 €",
                               "  30 days ago: median 200,00 € (-42%)"])
        // Numbered cheapest first: open 1 is the lowest.
        #expect(t.interpreter.session.listing.compactMap { if case let .ad(ad) = $0 { ad.id } else { nil } } == [Int64(4), 1, 2, 3])
    }

    /// Every ad's price counts; the cheapest 1,000 are numbered for `open N` (the listing holds
    /// each whole), so `stats` of a big catalogue never holds every ad's text.
    @Test func everyPriceCountsAndTheCheapestThousandAreNumbered() throws {
        let t = try ShellTester()
        let ads = (1...1_200).map { Ad(id: Int64($0), categoryID: 1, title: "Vélo \($0)", description: "cadre", price: Double($0),
                                       created: 0, isUrgent: false) }
        _ = try t.store.replaceCatalogue(Catalogue(ads: ads, categories: [AdCategory(id: 1, name: "Véhicule")], source: "file:///x/",
                                                   fetched: 1))
        t.given("ads")
        t.given("stats")
        #expect(t.sink.all.first == "Prices of every ad: 1200 ads", "\(t.sink.all)")
        #expect(t.interpreter.session.listing.count == 1_000)
        let failures = t.runner.failures
        t.sink.reset()
        t.runner.runOne("open 1001")
        #expect(t.runner.failures == failures + 1 && t.sink.all.count == 1 && t.sink.all[0].hasPrefix("error: open: "), "\(t.sink.all.prefix(3))")
        t.given("open 1000")
        #expect(t.sink.all.first == "Vélo 1000")
    }
}
