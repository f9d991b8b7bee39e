import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import Foundation
import Testing

@Suite struct CatalogueDecoderTests {
    func sample() throws -> Catalogue {
        let categories = try CatalogueDecoder.categories(Fixtures.data(Fixtures.sample, "categories.json"))
        let ads = try CatalogueDecoder.ads(Fixtures.data(Fixtures.sample, "listing.json"), categories: categories)
        return Catalogue(ads: ads, categories: categories, source: "test", fetched: 0)
    }

    @Test func theSampleCoversEveryCategoryAndTheOptionalFields() throws {
        let catalogue = try sample()
        #expect(catalogue.categories.count == 11)
        #expect(catalogue.ads.count >= 30)
        #expect(Set(catalogue.ads.map(\.categoryID)) == Set(catalogue.categories.map(\.id)))
        #expect(catalogue.ads.contains { $0.siret == nil })
        #expect(catalogue.ads.contains { $0.siret != nil })
        #expect(catalogue.ads.contains { !$0.hasImage })
        #expect(catalogue.ads.contains { $0.isUrgent })
    }

    @Test func listOrderIsUrgentFirstThenNewest() throws {
        let listed = try sample().listed(in: nil)
        let firstPlain = try #require(listed.firstIndex { !$0.isUrgent })
        #expect(listed[..<firstPlain].allSatisfy { $0.isUrgent })
        #expect(listed[firstPlain...].allSatisfy { !$0.isUrgent })
        for part in [listed[..<firstPlain], listed[firstPlain...]] {
            #expect(zip(part, part.dropFirst()).allSatisfy { $0.created >= $1.created })
        }
    }

    @Test func filterIgnoresCaseAndAccents() throws {
        let catalogue = try sample()
        let category = try #require(catalogue.category(named: "MULTIMEDIA"))
        #expect(category.name == "Multimédia")
        #expect(catalogue.category(named: "livres/cd/dvd")?.name == "Livres/CD/DVD")
        #expect(catalogue.listed(in: category.id).allSatisfy { $0.categoryID == category.id })
        #expect(catalogue.category(named: "Nope") == nil)
    }

    @Test func pricesAndDatesAreFormattedTheFrenchWay() {
        #expect(PriceFormat.euros(140) == "140,00\u{00A0}€")
        #expect(PriceFormat.euros(45_000) == "45\u{202F}000,00\u{00A0}€")
        #expect(PriceFormat.euros(1_234_567.5) == "1\u{202F}234\u{202F}567,50\u{00A0}€")
        #expect(PriceFormat.euros(0.05) == "0,05\u{00A0}€")
        #expect(APIDate.parse("2019-11-05T15:56:59+0000") == 1_572_969_419)
        #expect(APIDate.parse("2019-11-05T16:56:59+01:00") == 1_572_969_419)
        #expect(APIDate.parse("2019-11-05T15:56:59Z") == 1_572_969_419)
        #expect(APIDate.format(1_572_969_419) == "2019-11-05T15:56:59+0000")
        #expect(APIDate.parse("2019-13-05T15:56:59+0000") == nil)
        #expect(APIDate.parse("yesterday") == nil)
    }

    static let categories = #"[{"id":1,"name":"Maison"}]"#
    static func ad(_ fields: String) -> String {
        #"[{"id":7,"category_id":1,"title":"t","description":"d","price":1.5,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false"#
            + fields + "}]"
    }

    @Test(arguments: [
        (ad(""), ""),
        (ad(#","siret":null"#), ""),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":"1.5","images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#,
         "listing.json: ad 1, field price has the wrong type (expected a number)"),
        (#"[{"id":7,"category_id":1,"description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#,
         "listing.json: ad 1 misses title"),
        (#"[{"id":7,"category_id":9,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#,
         "listing.json: ad 1 (id 7): unknown category id 9"),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":-3,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#,
         "listing.json: ad 1 (id 7): price -3.0 is not a plausible price"),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"5/11/2019","is_urgent":false}]"#,
         "listing.json: ad 1 (id 7): creation_date \"5/11/2019\" is not yyyy-MM-dd'T'HH:mm:ssZ"),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":"yes"}]"#,
         "listing.json: ad 1, field is_urgent has the wrong type (expected true or false)"),
        (#"[{"id":99999999999999999999,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#,
         "listing.json: ad 1, field id"),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false},{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#,
         "listing.json: ad 2 (id 7): the id appears twice"),
        (#"[{"id":7,"category_id":1,"title":"t""#, "listing.json is not valid JSON"),
        (#"{"ads":[]}"#, "listing.json: the document has the wrong type (expected an array)"),
    ])
    func eachProblemHasItsOwnLine(_ json: String, _ expected: String) throws {
        let categories = try CatalogueDecoder.categories(Data(Self.categories.utf8))
        if expected.isEmpty {
            #expect(try CatalogueDecoder.ads(Data(json.utf8), categories: categories).count == 1)
            return
        }
        #expect {
            try CatalogueDecoder.ads(Data(json.utf8), categories: categories)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(expected) && !text.contains("\n")
        }
    }

    @Test func deeplyNestedJSONIsRefusedNotACrash() {
        let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: CatalogueError.self) { try CatalogueDecoder.categories(Data(nested.utf8)) }
    }

    @Test(.enabled(if: Fixtures.available, Fixtures.missing))
    func theRealPayloadDecodes() throws {
        let categories = try CatalogueDecoder.categories(Fixtures.data(Fixtures.paperclip, "categories.json"))
        let ads = try CatalogueDecoder.ads(Fixtures.data(Fixtures.paperclip, "listing.json"), categories: categories)
        #expect(categories.count == 11)
        #expect(ads.count == 300)
        #expect(ads.contains { $0.siret != nil })
        #expect(ads.contains { $0.siret == nil })
        #expect(ads.contains { !$0.hasImage })
    }
}
