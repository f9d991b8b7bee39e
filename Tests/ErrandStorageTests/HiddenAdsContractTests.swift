import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// `hide N` on both backends (issue 46): a hidden ad leaves lists, finds, category counts and
/// alerts, stays hidden across syncs, passes the mark to its re-post, and comes back whole
/// when unhidden.
@Suite struct HiddenAdsContractTests {
    let categories = [AdCategory(id: 1, name: "Véhicule"), AdCategory(id: 2, name: "Maison")]

    func ad(_ id: Int64, _ title: String, category: Int64 = 1, price: Double = 100) -> Ad {
        Ad(id: id, categoryID: category, title: title, description: "annonce", price: price, created: 1_000 + id, isUrgent: false)
    }

    @Test(arguments: Backend.allCases)
    func aHiddenAdAndItsRepostsAreLeftOutUntilUnhidden(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let ads = [ad(1, "Vélo rouge"), ad(2, "Vélo bleu"), ad(3, "Table", category: 2)]
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 100))
        #expect(try store.setHidden(true, ids: [1, 1], journaled: nil) == 1)
        #expect(try store.setHidden(true, ids: [1], journaled: nil) == 0, "already hidden")
        let velo = try AdQuery.parse("velo")
        #expect(try store.listedAds(in: nil, offset: 0, limit: 10).map(\.id) == [3, 2])
        #expect(try store.matchingAds(velo, offset: 0, limit: 10).map(\.id) == [2])
        #expect(try store.adMatchCount(velo) == 1)
        #expect(try store.catalogueSummary()?.counts[1] == 1)
        #expect(try store.newAds(velo, search: "bikes").map(\.ad.id) == [2], "an alert leaves it out too")
        #expect(try store.matchingAds(try AdQuery.parse("is:hidden"), offset: 0, limit: 10).map(\.id) == [1])
        // The next sync keeps the mark; ad 1 leaves and comes back under a new id (a re-post):
        // the re-post is hidden too.
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 200))
        #expect(try store.ad(id: 1)?.ad.isHidden == true)
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(11, "Vélo rouge"), ad(2, "Vélo bleu"), ad(3, "Table", category: 2)],
                                                 categories: categories, source: "file:///x/", fetched: 300))
        #expect(try store.ad(id: 11)?.ad.isHidden == true && store.ad(id: 11)?.ad.repostOf == 1)
        #expect(try store.listedAds(in: 1, offset: 0, limit: 10).map(\.id) == [2])
        #expect(try store.catalogueSummary()?.counts[1] == 1)
        // Shown again: listed, counted, found.
        #expect(try store.setHidden(false, ids: [11], journaled: nil) == 1)
        #expect(try store.listedAds(in: 1, offset: 0, limit: 10).map(\.id) == [11, 2])
        #expect(try store.catalogueSummary()?.counts[1] == 2)
        #expect(try store.adMatchCount(velo) == 2)
    }

    /// SQLite keeps what a query with words found, and every ad's facts, between a find and its
    /// next page (AdFacts): a star or a hide in between, by this connection or another process's,
    /// is seen by the next find, never the kept answer.
    @Test(arguments: Backend.allCases)
    func aMarkBetweenTwoFindsIsSeen(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        defer { store.close() }
        let ads = [ad(1, "Vélo rouge"), ad(2, "Vélo bleu"), ad(3, "Piano", category: 2, price: 400)]
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 100))
        let query = try AdQuery.parse("velo -bleu or piano")
        #expect(try store.matchingAds(query, offset: 0, limit: 10).map(\.id) == [3, 1])
        #expect(try store.setHidden(true, ids: [3], journaled: nil) == 1)
        #expect(try store.matchingAds(query, offset: 0, limit: 10).map(\.id) == [1])
        #expect(try store.adMatchCount(query) == 1)
        let starred = try AdQuery.parse("is:starred or piano")
        #expect(try store.adMatchCount(starred) == 0)
        _ = try store.setStarred(true, ids: [2])
        #expect(try store.matchingAds(starred, offset: 0, limit: 10).map(\.id) == [2])
        guard backend == .sqlite else { return }
        // Another process's hide: the same file opened again, as a second shell would.
        let other = try backend.open(dir)
        #expect(try other.setHidden(true, ids: [1], journaled: nil) == 1)
        other.close()
        #expect(try store.matchingAds(query, offset: 0, limit: 10).map(\.id) == [])
    }
}
