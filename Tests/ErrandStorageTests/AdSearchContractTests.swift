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
        let query = { (text: String) in try #require(SearchQuery(text)) }
        _ = try store.replaceCatalogue(Catalogue(ads: [
            ad(1, 1, "Table en chêne", "six chaises", created: 10),
            ad(2, 2, "Vélo de ville", "cadre en CHÊNE clair", created: 20),
            ad(3, 1, "Lampe", "laiton", created: 30, urgent: true),
            ad(4, 1, "Chaise haute", "bois de chêne", created: 5, urgent: true),
        ], categories: categories, source: "file:///x/", fetched: 100))

        #expect(try store.adMatchCount(query("chene"), in: nil) == 3)
        #expect(try store.matchingAds(query("chene"), in: nil, offset: 0, limit: 10).map(\.id) == [4, 2, 1])
        #expect(try store.matchingAds(query("chene"), in: 1, offset: 0, limit: 10).map(\.id) == [4, 1])
        #expect(try store.adMatchCount(query("chene"), in: 1) == 2)
        #expect(try store.matchingAds(query("chene"), in: nil, offset: 1, limit: 1).map(\.id) == [2])
        #expect(try store.matchingAds(query("chai chene"), in: nil, offset: 0, limit: 10).map(\.id) == [4, 1])
        #expect(try store.adMatchCount(query("velo"), in: 1) == 0)
        #expect(try store.adMatchCount(query("absent"), in: nil) == 0)

        // The next copy of the catalogue is what is searched.
        _ = try store.replaceCatalogue(Catalogue(ads: [ad(5, 2, "Vélo électrique", "batterie neuve", created: 40)],
                                                 categories: categories, source: "file:///x/", fetched: 200))
        #expect(try store.matchingAds(query("velo"), in: nil, offset: 0, limit: 10).map(\.id) == [5])
        #expect(try store.adMatchCount(query("chene"), in: nil) == 0)
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.matchingAds(query("batterie"), in: 2, offset: 0, limit: 10).map(\.id) == [5])
    }

    @Test(arguments: Backend.allCases)
    func withNothingCachedNothingIsFound(_ backend: Backend) throws {
        let store = try backend.open(TemporaryDirectory())
        let query = try #require(SearchQuery("velo"))
        #expect(try store.adMatchCount(query, in: nil) == 0)
        #expect(try store.matchingAds(query, in: nil, offset: 0, limit: 10).isEmpty)
    }
}
