import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// Saved searches, stars, price history, re-posts and `run NAME --new`, the same on both
/// backends: a search is saved, replaced and forgotten as one journaled step each; a starred
/// ad outlives the listing; a new ad is reported once, a cheaper one again, a re-post only
/// when cheaper; what a run reports is recorded in its own transaction.
@Suite struct SavedSearchContractTests {
    let categories = [AdCategory(id: 1, name: "Maison"), AdCategory(id: 2, name: "Véhicule")]

    func ad(_ id: Int64, _ title: String, price: Double, category: Int64 = 1, created: Int64 = 10, siret: String? = nil) -> Ad {
        Ad(id: id, categoryID: category, title: title, description: "about " + title, price: price, created: created,
           isUrgent: false, siret: siret)
    }

    func sync(_ store: ErrandStore, _ ads: [Ad], at fetched: Int64) throws {
        _ = try store.replaceCatalogue(Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: fetched))
    }

    func maison(below price: Double) throws -> AdQuery {
        var query = try AdQuery.parse("cat:Maison price:<\(Int(price))")
        query.categoryID = 1
        return query
    }

    @Test(arguments: Backend.allCases)
    func saveReplaceForgetAreEachOneUndoStep(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let flat = SavedSearch(name: "flat", tab: .ads, query: "cat:Maison price:<500")
        let cheaper = SavedSearch(name: "flat", tab: .ads, query: "cat:Maison price:<300")
        let shop = SavedSearch(name: "shop", tab: .todos, query: "#shop due:<+7d")
        let at = Date(timeIntervalSince1970: 1_000)
        try store.changeSavedSearch(SavedSearchChange(before: nil, after: flat), journaled: JournalContext(command: "save", time: at))
        try store.changeSavedSearch(SavedSearchChange(before: nil, after: shop), journaled: JournalContext(command: "save", time: at))
        try store.changeSavedSearch(SavedSearchChange(before: flat, after: cheaper), journaled: JournalContext(command: "save", time: at))
        #expect(try store.savedSearches() == [cheaper, shop])
        // Another shell's view of "flat" is stale: refused, nothing changed.
        #expect(throws: StoreError.changed(title: "saved search flat")) {
            try store.changeSavedSearch(SavedSearchChange(before: flat, after: nil), journaled: nil)
        }
        try store.changeSavedSearch(SavedSearchChange(before: cheaper, after: nil), journaled: JournalContext(command: "forget", time: at))
        #expect(try store.savedSearches() == [shop])
        #expect(try store.journal(limit: 1).first?.searches == [SavedSearchChange(before: cheaper, after: nil)])

        #expect(try store.apply(.undo)?.command == "forget")
        #expect(try store.savedSearches() == [cheaper, shop])
        #expect(try store.apply(.undo)?.command == "save")
        #expect(try store.savedSearches() == [flat, shop])
        #expect(try store.apply(.redo)?.command == "save")
        #expect(try store.savedSearch(named: "flat") == cheaper)

        // Kept in the file: a store opened again has them, and its journal undoes them.
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.savedSearches() == [cheaper, shop])
        #expect(try reopened.apply(.undo)?.searches == [SavedSearchChange(before: flat, after: cheaper)])
        #expect(try reopened.savedSearch(named: "flat") == flat)
        // A step overtaken by a change made since is refused whole.
        try reopened.changeSavedSearch(SavedSearchChange(before: flat, after: nil), journaled: nil)
        #expect(throws: StoreError.journalStale(step: "redo", command: "save", title: "saved search flat")) {
            try reopened.apply(.redo)
        }
        #expect(try reopened.savedSearches() == [shop])
    }

    @Test(arguments: Backend.allCases)
    func aNewAdIsReportedOnceACheaperOneAgainAndNothingNewIsNothing(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        try sync(store, [ad(1, "Canapé", price: 300), ad(2, "Table", price: 450), ad(3, "Buffet", price: 900),
                         ad(4, "Vélo", price: 100, category: 2)], at: 1_000)
        let query = try maison(below: 500)
        #expect(try store.newAds(query, search: "flat").map(\.ad.id) == [1, 2])
        #expect(try store.newAds(query, search: "flat").isEmpty)
        // Another search keeps its own record.
        #expect(try store.newAds(query, search: "other").count == 2)

        try sync(store, [ad(1, "Canapé", price: 300), ad(2, "Table", price: 400), ad(3, "Buffet", price: 450),
                         ad(5, "Chaise", price: 50)], at: 2_000)
        let found = try store.newAds(query, search: "flat")
        #expect(found.map(\.ad.id) == [2, 3, 5])
        #expect(found.map(\.was) == [450, nil, nil])
        #expect(try store.newAds(query, search: "flat").isEmpty)
        // A price that rises, then falls back to what was reported, is no news.
        try sync(store, [ad(1, "Canapé", price: 350), ad(2, "Table", price: 400), ad(3, "Buffet", price: 450),
                         ad(5, "Chaise", price: 50)], at: 3_000)
        #expect(try store.newAds(query, search: "flat").isEmpty)
        try sync(store, [ad(1, "Canapé", price: 320), ad(2, "Table", price: 400), ad(3, "Buffet", price: 450),
                         ad(5, "Chaise", price: 50)], at: 4_000)
        #expect(try store.newAds(query, search: "flat").map(\.was) == [350])

        #expect(try store.earlierPrices(of: 1) == [PricePoint(price: 300, seen: 2_000), PricePoint(price: 350, seen: 3_000)])
        #expect(try store.earlierPrices(of: 2) == [PricePoint(price: 450, seen: 1_000)])
        #expect(try store.earlierPrices(of: 5).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aRunThatNeverCommitsReportsTheSameNextTime(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        try sync(store, [ad(1, "Canapé", price: 300), ad(2, "Table", price: 450)], at: 1_000)
        let query = try maison(below: 500)
        // Stopped before its transaction ends: nothing of it was recorded.
        try store.beginBatch()
        #expect(try store.newAds(query, search: "flat").map(\.ad.id) == [1, 2])
        try store.endBatch(commit: false)
        #expect(try store.newAds(query, search: "flat").map(\.ad.id) == [1, 2])
        #expect(try store.newAds(query, search: "flat").isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aRepostIsMarkedAndNewOnlyWhenCheaper(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        try sync(store, [ad(1, "Canapé", price: 300, siret: "123"), ad(2, "Table", price: 450)], at: 1_000)
        let query = try maison(below: 500)
        #expect(try store.newAds(query, search: "flat").count == 2)
        _ = try store.setStarred(true, ids: [1])
        // Id 1 comes back as id 7, same title, text and seller: marked, starred, not news.
        try sync(store, [ad(7, "Canapé", price: 300, siret: "123"), ad(2, "Table", price: 450),
                         ad(8, "Canapé", price: 300, siret: "999")], at: 2_000)
        let repost = try #require(try store.ad(id: 7)?.ad)
        #expect(repost.repostOf == 1 && repost.isStarred)
        #expect(try store.ad(id: 1) == nil)
        #expect(try store.ad(id: 8)?.ad.repostOf == nil)
        #expect(try store.newAds(query, search: "flat").map(\.ad.id) == [8])
        // Re-posted again, cheaper: news, with the price it was reported at.
        try sync(store, [ad(9, "Canapé", price: 250, siret: "123"), ad(2, "Table", price: 450),
                         ad(8, "Canapé", price: 300, siret: "999")], at: 3_000)
        let cheaper = try store.newAds(query, search: "flat")
        #expect(cheaper.map(\.ad.id) == [9])
        #expect(cheaper.first?.ad.repostOf == 7)
        #expect(try store.earlierPrices(of: 9) == [PricePoint(price: 300, seen: 2_000)])
    }

    @Test(arguments: Backend.allCases)
    func aStarredAdOutlivesTheListingUntilUnstarred(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        try sync(store, [ad(1, "Canapé", price: 300), ad(2, "Table", price: 450), ad(3, "Lampe", price: 20)], at: 1_000)
        #expect(try store.setStarred(true, ids: [1, 2]) == 2)
        #expect(try store.setStarred(true, ids: [1]) == 0)
        try sync(store, [ad(2, "Table", price: 450), ad(3, "Lampe", price: 20)], at: 2_000)
        let kept = try #require(try store.ad(id: 1)?.ad)
        #expect(kept.isGone && kept.isStarred)
        // Gone from the list and its counts, found by is:starred.
        #expect(try store.listedAds(in: nil, offset: 0, limit: 10).map(\.id) == [2, 3])
        #expect(try store.catalogueSummary()?.total == 2)
        #expect(try store.adMatchCount(try AdQuery.parse("price:<1000")) == 2)
        let starred = try AdQuery.parse("is:starred")
        #expect(try store.matchingAds(starred, offset: 0, limit: 10).map(\.id).sorted() == [1, 2])
        // Listed again, it is no longer gone.
        try sync(store, [ad(1, "Canapé", price: 300), ad(2, "Table", price: 450)], at: 3_000)
        #expect(try store.ad(id: 1)?.ad.isGone == false)
        try sync(store, [ad(2, "Table", price: 450)], at: 4_000)
        #expect(try store.setStarred(false, ids: [1, 2]) == 2)
        #expect(try store.ad(id: 1) == nil)
        #expect(try store.ad(id: 2)?.ad.isStarred == false)
    }
}
