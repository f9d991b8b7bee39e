import ErrandCatalogue
import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 46 on real ads: over the sample catalogue in examples/ and the real paperclip payload,
/// queries made of the ads' own words joined by `or`, `-` and parentheses, with the ads' keys
/// mixed in, find on both backends what the query's own test finds (AdQuery.matches) and what
/// the to-do tab's grammar finds among items made of the same ads.
@Suite struct SampleGrammarTests {
    /// The words of the catalogue's titles, folded as queries fold them, the commonest first.
    static func vocabulary(_ ads: [Ad]) -> [String] {
        var counts: [String: Int] = [:]
        for ad in ads { for word in SearchQuery.words(of: ad.title) where word.count > 2 { counts[word, default: 0] += 1 } }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(12).map(\.key)
    }

    static func queries(_ words: [String], categories: [AdCategory], _ rng: inout SeededGenerator) -> [String] {
        func word() -> String { words.randomElement(using: &rng) ?? "a" }
        let keys = ["price:<500", "price:>1000", "is:urgent", "is:pro", "-is:pro"]
            + categories.prefix(3).map { "cat:\"" + $0.name + "\"" }
        return (0..<25).map { n in
            switch n % 5 {
            case 0: "\(word()) or \(word())"
            case 1: "\(word()) -\(word())"
            case 2: "(\(word()) or \(keys.randomElement(using: &rng) ?? "is:urgent")) -\(word())"
            case 3: "-(\(word()) \(keys.randomElement(using: &rng) ?? "is:pro")) or \(word())"
            default: "\(keys.randomElement(using: &rng) ?? "is:pro") (\(word()) or -\(word()))"
            }
        }
    }

    func compare(_ folder: URL, backend: StoreBackend) throws {
        let categories = try CatalogueDecoder.categories(Fixtures.data(folder, "categories.json"))
        let ads = try CatalogueDecoder.ads(Fixtures.data(folder, "listing.json"), categories: categories)
        let store = try Fixtures.temporaryStore(backend)
        defer { store.close() }
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 100))
        let seed = TestSeed.draw(for: "SampleGrammarTests")
        var rng = SeededGenerator(seed: seed)
        let items = ads.map { TodoItem(id: UUID(), title: $0.title, notes: $0.description, due: nil, created: Date()) }
        let today = try #require(DueDay(year: 2026, month: 11, day: 29))
        for text in Self.queries(Self.vocabulary(ads), categories: categories, &rng) {
            var query = try AdQuery.parse(text)
            query.placeCategories { name in categories.first { $0.name == name }?.id }
            let expected = ads.filter(query.matches).sorted(by: query.inOrder).map(\.id)
            #expect(try store.matchingAds(query, offset: 0, limit: 100_000).map(\.id) == expected, "seed \(seed): \(backend) find \(text)")
            #expect(try store.adMatchCount(query) == expected.count, "seed \(seed): \(backend) find \(text)")
            // Words alone read the same on the to-do tab.
            guard !text.contains(":") else { continue }
            let todo = try QueryParser.parse(text, today: today) { _ in today }
            #expect(ads.indices.filter { query.matches(ads[$0]) } == items.indices.filter { todo.matches(items[$0]) },
                    "seed \(seed): the to-do tab's \(text)")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theSampleCatalogueFindsWhatTheQueryMeans(_ backend: StoreBackend) throws {
        try compare(Fixtures.sample, backend: backend)
    }

    @Test(.enabled(if: Fixtures.available, Fixtures.missing), arguments: StoreBackend.allCases)
    func thePaperclipPayloadFindsWhatTheQueryMeans(_ backend: StoreBackend) throws {
        try compare(Fixtures.paperclip, backend: backend)
    }
}
