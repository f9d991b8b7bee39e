import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// What `run NAME --new` remembers stays the size of the cache on both backends: the records
/// of the ads that left go (they grew with every sync), a re-post is still measured from its
/// original, and the counts per category follow each sync.
@Suite(.tags(.process), .fullLane) struct AlertRecordContractTests {
    let categories = [AdCategory(id: 1, name: "Maison"), AdCategory(id: 2, name: "Véhicule")]

    func ad(_ id: Int64, _ title: String, price: Double, category: Int64 = 1) -> Ad {
        Ad(id: id, categoryID: category, title: title, description: "à vendre", price: price, created: id, isUrgent: false)
    }

    /// The ads recorded for any search, as the file holds them.
    func records(_ store: ErrandStore, _ dir: TemporaryDirectory, _ backend: Backend) throws -> Set<Int64> {
        if let sqlite = store as? SQLiteItemStore {
            let s = try sqlite.db.statement("SELECT ad FROM search_seen")
            defer { s.reset() }
            var ids = Set<Int64>()
            while try s.step() { ids.insert(s.int(0)) }
            return ids
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: dir.file(backend.fileName)))
        let document = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let seen = document["seen"] as? [[String: Any]] ?? []
        return Set(seen.compactMap { ($0["ad"] as? NSNumber)?.int64Value })
    }

    @Test(arguments: Backend.allCases)
    func recordsFollowTheCacheAcrossResyncs(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let query = try AdQuery.parse("price:<500")
        for round in 0..<5 {
            let base = Int64(round * 10)
            _ = try store.replaceCatalogue(Catalogue(ads: [ad(base + 1, "Chaise \(round)", price: 10),
                                                           ad(base + 2, "Table \(round)", price: 20, category: 2)],
                                                     categories: categories, source: "file:///x/", fetched: 100 + Int64(round)))
            #expect(try store.newAds(query, search: "flat").map(\.ad.id) == [base + 2, base + 1])
            #expect(try records(store, dir, backend) == [base + 1, base + 2])
            #expect(try store.catalogueSummary()?.counts == [1: 1, 2: 1])
        }
        // Chaise 4 re-posted as 100 at its price (not news), then cheaper (news, measured from the original).
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(100, "Chaise 4", price: 10), ad(42, "Table 4", price: 20, category: 2)],
                                                 categories: categories, source: "file:///x/", fetched: 200))
        #expect(try store.newAds(query, search: "flat").isEmpty)
        let kept = try records(store, dir, backend)
        // The property list keeps the original's record while its re-post is cached; SQLite hands it over.
        #expect(kept.isSuperset(of: [42, 100]) && kept.isSubset(of: [41, 42, 100]))
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(100, "Chaise 4", price: 8), ad(42, "Table 4", price: 20, category: 2),
                                                       ad(43, "Lampe", price: 5)],
                                                 categories: categories, source: "file:///x/", fetched: 300))
        #expect(try store.newAds(query, search: "flat").map { [$0.ad.id, Int64($0.was ?? -1)] } == [[100, 10], [43, -1]])
        #expect(try store.catalogueSummary()?.counts == [1: 2, 2: 1])
    }

    /// A store from before the tallies: they are counted once, a re-post marked then takes
    /// its original's record, and the records of ads no longer cached go.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 shell"))
    func aStoreFromBeforeTheTalliesIsCountedAndPruned() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(1, "Chaise", price: 10), ad(2, "Table", price: 20, category: 2),
                                                      ad(3, "Lampe", price: 5)],
                                                 categories: categories, source: "file:///x/", fetched: 100))
        store.close()
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutAdTally + """
            UPDATE ad SET repost_of = 9 WHERE id = 3;
            INSERT INTO search_seen (search, ad, price) VALUES ('flat', 9, 7), ('flat', 1, 10), ('flat', 8, 1);
            PRAGMA user_version = \(MigrationTests.version(before: SQLiteSchema.adTally));
            """) == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.catalogueSummary()?.counts == [1: 2, 2: 1])
        #expect(try records(reopened, dir, .sqlite) == [1, 3])
        #expect(try reopened.newAds(try AdQuery.parse("price:<500"), search: "flat").map { [$0.ad.id, Int64($0.was ?? -1)] }
            == [[3, 7], [2, -1]])
    }

    /// A starred ad that leaves stays, gone, and is counted in no category; unstarred, it goes
    /// with its records.
    @Test(arguments: Backend.allCases)
    func aGoneStarredAdIsNotCountedAndTakesItsRecordsWhenUnstarred(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let query = try AdQuery.parse("price:<500")
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(1, "Chaise", price: 10), ad(2, "Table", price: 20)],
                                                 categories: categories, source: "file:///x/", fetched: 100))
        #expect(try store.newAds(query, search: "flat").count == 2)
        #expect(try store.setStarred(true, ids: [1]) == 1)
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(2, "Table", price: 20)], categories: categories, source: "file:///x/",
                                                 fetched: 200))
        #expect(try store.catalogueSummary()?.counts == [1: 1])
        #expect(try store.newAds(query, search: "flat").isEmpty)
        #expect(try records(store, dir, backend) == [1, 2])
        #expect(try store.setStarred(false, ids: [1]) == 1)
        #expect(try store.newAds(query, search: "flat").isEmpty)
        #expect(try records(store, dir, backend) == [2])
    }
}
