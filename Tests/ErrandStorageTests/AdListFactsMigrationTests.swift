import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Testing

/// Issue 46: `find` with words or an `or` on the ads tab reads every ad's facts from the
/// listing's index (SQLiteSchema.adListFacts); a store made before that index held them is given
/// it when opened, and finds the same ads through it.
@Suite(.tags(.process), .fullLane) struct AdListFactsMigrationTests {
    @Test func aStoreFromBeforeTheFactsIndexFindsWithWordsAndOr() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let ads = [Ad(id: 1, categoryID: 1, title: "velo rouge", description: "d", price: 80, created: 1, isUrgent: false),
                   Ad(id: 2, categoryID: 1, title: "velo neuf", description: "d", price: 300, created: 2, isUrgent: false),
                   Ad(id: 3, categoryID: 2, title: "piano", description: "droit", price: 450, created: 3, isUrgent: true)]
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: [AdCategory(id: 1, name: "c"), AdCategory(id: 2, name: "m")],
                                                 source: "file:///x/", fetched: 5))
        store.close()
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutAdListFacts
            + "PRAGMA user_version = \(MigrationTests.version(before: SQLiteSchema.adListFacts));") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        let query = try AdQuery.parse("velo -neuf or (piano price:<500)")
        #expect(try reopened.matchingAds(query, offset: 0, limit: 10).map(\.id) == [3, 1])
        #expect(try reopened.adMatchCount(query) == 2)
    }
}
