import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// `find` on the ads tab, both backends: words of titles and descriptions, accents and case
/// aside, within a category, in list order; a new copy of the catalogue is searched, never the
/// old one (SQLite rebuilds its index on the first search after a sync).
@Suite struct AdSearchContractTests {
    func ad(_ id: Int64, _ category: Int64, _ title: String, _ description: String, created: Int64, urgent: Bool = false) -> Ad {
        Ad(id: id, categoryID: category, title: title, description: description, price: 10, created: created, isUrgent: urgent)
    }

    let categories = [AdCategory(id: 1, name: "Maison"), AdCategory(id: 2, name: "Véhicule")]

    @Test(arguments: Backend.allCases)
    func wordsOfTitlesAndDescriptionsWithinTheFilterInListOrder(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let query = { (text: String, category: Int64?) in
            var query = try AdQuery.parse(text)
            query.categoryID = category
            return query
        }
        _ = try store.replaceCatalogue(Catalogue(ads: [
            ad(1, 1, "Table en chêne", "six chaises", created: 10),
            ad(2, 2, "Vélo de ville", "cadre en CHÊNE clair", created: 20),
            ad(3, 1, "Lampe", "laiton", created: 30, urgent: true),
            ad(4, 1, "Chaise haute", "bois de chêne", created: 5, urgent: true),
        ], categories: categories, source: "file:///x/", fetched: 100))

        #expect(try store.adMatchCount(query("chene", nil)) == 3)
        #expect(try store.matchingAds(query("chene", nil), offset: 0, limit: 10).map(\.id) == [4, 2, 1])
        #expect(try store.matchingAds(query("chene", 1), offset: 0, limit: 10).map(\.id) == [4, 1])
        #expect(try store.adMatchCount(query("chene", 1)) == 2)
        #expect(try store.matchingAds(query("chene", nil), offset: 1, limit: 1).map(\.id) == [2])
        #expect(try store.matchingAds(query("chai chene", nil), offset: 0, limit: 10).map(\.id) == [4, 1])
        #expect(try store.adMatchCount(query("velo", 1)) == 0)
        #expect(try store.adMatchCount(query("absent", nil)) == 0)
        // `stats` reads prices alone, in the query's order: words, `or`, none (every ad).
        #expect(try store.adPrices(query("chene", nil)) == [AdPrice(id: 4, price: 10, created: 5), AdPrice(id: 2, price: 10, created: 20),
                                                            AdPrice(id: 1, price: 10, created: 10)])
        #expect(try store.adPrices(query("lampe or velo", nil)).map(\.id) == [3, 2])
        #expect(try store.adPrices(AdQuery(description: "every ad")).map(\.id) == [3, 4, 2, 1])

        // The next copy of the catalogue is what is searched.
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(5, 2, "Vélo électrique", "batterie neuve", created: 40)],
                                                 categories: categories, source: "file:///x/", fetched: 200))
        #expect(try store.matchingAds(query("velo", nil), offset: 0, limit: 10).map(\.id) == [5])
        #expect(try store.adMatchCount(query("chene", nil)) == 0)
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.matchingAds(query("batterie", 2), offset: 0, limit: 10).map(\.id) == [5])
    }

    @Test(arguments: Backend.allCases)
    func withNothingCachedNothingIsFound(_ backend: Backend) throws {
        let store = try backend.open(TemporaryDirectory())
        let query = try AdQuery.parse("velo")
        #expect(try store.adMatchCount(query) == 0)
        #expect(try store.matchingAds(query, offset: 0, limit: 10).isEmpty)
    }
}

/// The ads' terms on both backends: category, prices, urgency, seller and each order, the
/// same ads in the same order on each (checked against the query's own test of every ad).
@Suite struct AdQueryContractTests {
    static let queries = [
        "price:<200", "price:100..500", "price:>300 sort:-price", "is:urgent", "is:pro", "is:private sort:date",
        "velo price:..150", "sort:price", "price:250", "price:100.. is:pro sort:price", "chene is:urgent",
        // The to-dos' grammar on the ads tab too (issue 46): or, -, parentheses, cat: inside them.
        "velo or is:urgent", "-velo", "chene -is:urgent -price:<100", "(cat:Maison or cat:Mode) price:<200",
        "-(is:pro or is:urgent)", "(velo or is:urgent) sort:price", "-cat:Véhicule is:pro", "chene or (velo price:>300)",
    ]

    static func ad(_ n: Int) -> Ad {
        let title: String = n % 4 == 0 ? "Vélo \(n)" : "Table en chêne \(n)"
        // Every fifth a professional's; an empty SIRET is none.
        let siret: String? = n % 5 == 0 ? "12345678900011" : (n % 11 == 0 ? "" : nil)
        let price = Double((n * 37) % 600)
        let created = Int64(1_000 + (n * 13) % 50)
        return Ad(id: Int64(n), categoryID: Int64(1 + n % 3), title: title, description: "annonce", price: price,
                  created: created, isUrgent: n % 7 == 0, siret: siret)
    }

    static let ads: [Ad] = (1...60).map(ad)

    @Test func everyQueryFindsTheSameAdsOnBothBackends() throws {
        let categories = [AdCategory(id: 1, name: "Maison"), AdCategory(id: 2, name: "Véhicule"), AdCategory(id: 3, name: "Mode")]
        var found: [Backend: [[Int64]]] = [:]
        for backend in Backend.allCases {
            let dir = TemporaryDirectory()
            let store = try backend.open(dir)
            _ = try store.replaceCatalogue(Catalogue(ads: Self.ads, categories: categories, source: "file:///x/", fetched: 100))
            var results: [[Int64]] = []
            for text in Self.queries {
                for category in [nil, Int64(2)] {
                    var query = try AdQuery.parse(text)
                    query.placeCategories { name in categories.first { $0.name == name }?.id }
                    query.categoryID = category
                    let ids = try store.matchingAds(query, offset: 0, limit: 1_000).map(\.id)
                    let expected = Self.ads.filter(query.matches).sorted(by: query.inOrder).map(\.id)
                    #expect(ids == expected, "\(backend) \(text) in \(category ?? 0)")
                    #expect(try store.adMatchCount(query) == ids.count, "\(backend) \(text)")
                    let pages = try stride(from: 0, through: ids.count, by: 4).flatMap {
                        try store.matchingAds(query, offset: $0, limit: 4).map(\.id)
                    }
                    #expect(pages == ids, "\(backend) \(text): pages do not join up")
                    results.append(ids)
                }
            }
            found[backend] = results
        }
        #expect(found[.sqlite] == found[.plist])
        // Exact cases, so a rule both backends got wrong the same way still fails.
        let parse = { (text: String) in try AdQuery.parse(text) }
        #expect(Self.ads.filter(try parse("is:pro").matches).map(\.id) == [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60])
        #expect(Self.ads.filter(try parse("price:100..120").matches).map(\.price).allSatisfy { (100...120).contains($0) })
        #expect(Self.ads.filter(try parse("is:private").matches).contains { $0.id == 11 })
        #expect(try parse("sort:-price").sort == .priceDescending)
        #expect(Self.ads.filter(try parse("-velo").matches).allSatisfy { !$0.title.hasPrefix("Vélo") })
        #expect(Self.ads.filter(try parse("velo or is:urgent").matches).count
                == Self.ads.filter { $0.title.hasPrefix("Vélo") || $0.isUrgent }.count)
        // What every ad must meet stays in the query's own fields (SQLite's indexes), the rest
        // is the condition, and the outline says both.
        // Terms side by side are all required, whatever they are: a pro's and a private
        // seller's ad at once is none.
        #expect(Self.ads.filter(try parse("is:pro is:private").matches).isEmpty)
        let mixed = try parse("chene cat:Maison -is:urgent (velo or price:<50) sort:price")
        #expect(mixed.words == ["chene"] && mixed.categoryName == "Maison" && mixed.sort == .price)
        #expect(mixed.outline == "(and chene cat:Maison (and (not is:urgent) (or velo price:..<50)) sort:price)")
    }

    @Test func badTermsAreRefusedWithTheirColumn() {
        let refusals: [(String, String)] = [
            ("price:<abc", "\"price:<abc\" at column 1"), ("velo price:<", "at column 6"), ("(velo", "this ( is never closed"),
            ("velo or", "or needs a term on each side"),
            ("sort:price or velo", "or needs a term that tests something on each side"),
            ("since:soon", "since: takes days or weeks back"), ("-sort:price", "not under - or ( )"), ("velo )", "this ) closes no ("),
            ("sort:name", "sort: is price, -price or date"), ("price:500..100", "ends before it starts"),
            ("...", "nothing to look for"), ("due:today", "no such key on the ads tab"), ("cat:", "cat: needs a category"),
        ]
        for (text, expected) in refusals {
            #expect(throws: QuerySyntaxError.self, "\(text)") { try AdQuery.parse(text) }
            do {
                _ = try AdQuery.parse(text)
            } catch {
                #expect(error.description.contains(expected), "\(text): \(error.description)")
            }
        }
    }
}
