import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 46: the ads tab reads the to-do tab's grammar. Random queries of words joined by
/// `or`, `-` and parentheses find the same ads as the to-do tab finds among items made of
/// them (title and description as title and notes), and SQLite finds what the query's own
/// test finds, terms of the ads' own mixed in.
@Suite struct AdGrammarTests {
    static let seed = TestSeed.draw(for: "AdGrammarTests")
    static let vocabulary = ["velo", "enfant", "piano", "table", "chene", "lampe", "electrique", "bois", "ville", "neuf"]

    static func ads(_ count: Int, _ rng: inout SeededGenerator) -> [Ad] {
        func words(_ most: Int) -> String {
            (0..<Int.random(in: 0...most, using: &rng)).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &rng)] }
                .joined(separator: " ")
        }
        var ads: [Ad] = []
        for n in 1...count {
            let title = "annonce " + words(3), description = words(3)
            ads.append(Ad(id: Int64(n), categoryID: Int64(1 + n % 3), title: title, description: description,
                          price: Double(Int.random(in: 0...1_000, using: &rng)), created: Int64(1_000 + n % 97),
                          isUrgent: n % 7 == 0, siret: n % 5 == 0 ? "12345678900011" : nil))
        }
        return ads
    }

    /// A query of words, up to three deep.
    static func query(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
        let parts = (0..<Int.random(in: 1...3, using: &rng)).map { _ -> String in
            let roll = Int.random(in: 0..<10, using: &rng)
            var part = depth < 3 && roll < 2 ? "(" + query(&rng, depth: depth + 1) + ")" : vocabulary.randomElement(using: &rng) ?? "velo"
            if Int.random(in: 0..<4, using: &rng) == 0 { part = "-" + part }
            return part
        }
        return parts.enumerated().map { index, part in
            index > 0 && Int.random(in: 0..<3, using: &rng) == 0 ? "or " + part : part
        }.joined(separator: " ")
    }

    @Test func theAdsTabFindsWhatTheToDoTabWould() throws {
        var rng = SeededGenerator(seed: Self.seed)
        let ads = Self.ads(5_000, &rng)
        let items = ads.map { TodoItem(id: UUID(), title: $0.title, notes: $0.description, due: nil, created: Date()) }
        let today = try #require(DueDay(year: 2026, month: 11, day: 29))
        for _ in 0..<40 {
            let text = Self.query(&rng)
            let ad = try AdQuery.parse(text)
            let todo = try QueryParser.parse(text, today: today) { _ in today }
            let found = ads.indices.filter { ad.matches(ads[$0]) }
            let expected = items.indices.filter { todo.matches(items[$0]) }
            #expect(found == expected, "seed \(Self.seed): find \(text)")
        }
    }

    @Test func sqliteFindsWhatTheQueryMeans() throws {
        var rng = SeededGenerator(seed: Self.seed)
        let ads = Self.ads(2_000, &rng)
        let store = try Backend.sqlite.open(TemporaryDirectory())
        let categories = [AdCategory(id: 1, name: "Maison"), AdCategory(id: 2, name: "Véhicule"), AdCategory(id: 3, name: "Mode")]
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 100))
        let texts = ["velo -enfant or (piano price:<500)", "-(cat:Maison or is:urgent) chene", "(is:pro or price:>900) -bois sort:price",
                     "since:0d velo", "velo or (since:0d piano)", "-since:0d bois"]
            + (0..<30).map { _ in Self.query(&rng) }
        for text in texts {
            // since:0d counts from 1,050 s: the ads posted at 1,050 s or after (created 1,000 + n % 97).
            var query = try AdQuery.parse(text, now: 1_050)
            query.placeCategories { name in categories.first { $0.name == name }?.id }
            let expected = ads.filter(query.matches).sorted(by: query.inOrder).map(\.id)
            #expect(try store.matchingAds(query, offset: 0, limit: 100_000).map(\.id) == expected, "seed \(Self.seed): find \(text)")
            #expect(try store.adMatchCount(query) == expected.count, "find \(text)")
            // `stats` reads the same ads' prices alone, in the same order.
            let byID = Dictionary(uniqueKeysWithValues: ads.map { ($0.id, $0) })
            #expect(try store.adPrices(query) == expected.compactMap { id in
                byID[id].map { AdPrice(id: id, price: $0.price, created: $0.created) }
            }, "stats of \(text)")
        }
    }
}
