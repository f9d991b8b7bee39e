import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 46 at the size the bench measures: over 100,000 generated ads, SQLite's `find` on the
/// ads tab (the text index, then AdFacts for words and `or`) gives the rows and the order the
/// query's own test gives (AdQuery.matches, AdQuery.inOrder), for the bench's query and random
/// ones. Tens of seconds of a debug build: full lane only.
@Suite(.tags(.slow), .fullLane) struct AdGrammarScaleTests {
    @Test func aHundredThousandAdsFindWhatTheQueryMeans() throws {
        var rng = SeededGenerator(seed: AdGrammarTests.seed)
        let ads = AdGrammarTests.ads(100_000, &rng)
        let store = try Backend.sqlite.open(TemporaryDirectory())
        defer { store.close() }
        let categories = [AdCategory(id: 1, name: "Maison"), AdCategory(id: 2, name: "Véhicule"), AdCategory(id: 3, name: "Mode")]
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 100))
        let texts = ["velo -neuf or (piano price:<500)", "velo -enfant or (piano price:<500) sort:price", "-velo cat:Mode",
                     "(is:pro or is:urgent) -bois sort:-price", "velo or piano sort:date"]
            + (0..<6).map { _ in AdGrammarTests.query(&rng) }
        for text in texts {
            var query = try AdQuery.parse(text)
            query.placeCategories { name in categories.first { $0.name == name }?.id }
            let expected = ads.filter(query.matches).sorted(by: query.inOrder).map(\.id)
            #expect(try store.adMatchCount(query) == expected.count, "seed \(AdGrammarTests.seed): find \(text)")
            // The first page, one in the middle and the last, as `more` reads them.
            for start in [0, expected.count / 2, max(0, expected.count - 40)] {
                let page = Array(expected.dropFirst(start).prefix(40))
                #expect(try store.matchingAds(query, offset: start, limit: 40).map(\.id) == page, "seed \(AdGrammarTests.seed): find \(text) from \(start)")
            }
        }
    }
}
