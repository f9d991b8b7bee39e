@testable import ErrandCatalogue
import ErrandDomain
import Foundation
import Testing

/// The hand-written reader that replaced JSONDecoder for catalogues: strict where JSON is
/// strict, and giving the same values as Foundation's parser on real and hostile documents.
@Suite struct JSONCursorTests {
    func skipWhole(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var cursor = JSONCursor(bytes)
            do {
                try cursor.skipValue()
                try cursor.end()
                return true
            } catch {
                return false
            }
        }
    }

    @Test func acceptsWhatJSONAcceptsAndNothingElse() {
        for good in [#"{"a":[1,-0.5,2e10,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"],"b":{}}"#, "[]", " [ [ ] , { } ] ",
                     "0", "-0", "1.25E-3", #""é""#] {
            #expect(skipWhole(good), "\(good)")
        }
        for bad in ["[1,]", "{\"a\" 1}", "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[tru]", "[nul]", "{a:1}", "[1] 2", "[\"\u{01}\"]",
                    #"["\x"]"#, #"["\ud800"]"#, #"["\udc00x"]"#, #"["\u12g4"]"#, "[\"abc", "[", "{\"a\":1", "[}", "{]", "",
                    "[1 2]", "{\"a\":1,}"] {
            #expect(!skipWhole(bad), "\(bad.debugDescription) was accepted")
        }
        #expect(skipWhole("[\"ÿ 東京\"]"))
        let invalidUTF8: [UInt8] = [0x5B, 0x22, 0xFF, 0x22, 0x5D]
        #expect(invalidUTF8.withUnsafeBufferPointer { bytes in
            var cursor = JSONCursor(bytes)
            return (try? cursor.skipValue()) == nil
        })
    }

    @Test func nestingIsBoundedNotRecursive() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(!skipWhole(deep))
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(skipWhole(fine))
    }

    /// Every ad field the decoder reads, compared with JSONSerialization's reading of the same
    /// bytes: the sample catalogue and strings full of escapes.
    @Test func agreesWithFoundationOnEveryField() throws {
        try expectAgreement([
            try Fixtures.data(Fixtures.sample, "listing.json"),
            Data(#"[{"id":1,"category_id":1,"title":"A \"quoted\" \u00e9t\u00e9 \ud83d\ude00 tab\there","description":"line\nbreak \\ slash\/ \u0000nul","price":12.5e1,"images_url":{"small":null,"thumb":"t"},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":true,"extra":[{"deep":[1,{"x":null}]}],"siret":"1 2"}]"#.utf8),
        ])
    }

    @Test(.enabled(if: Fixtures.available, Fixtures.missing))
    func agreesWithFoundationOnTheRealPayload() throws {
        try expectAgreement([try Fixtures.data(Fixtures.paperclip, "listing.json")])
    }

    func expectAgreement(_ documents: [Data]) throws {
        for data in documents {
            let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let categories = Set(reference.compactMap { ($0["category_id"] as? NSNumber)?.int64Value })
                .map { AdCategory(id: $0, name: "c\($0)") }
            let ads = try CatalogueDecoder.ads(data, categories: categories)
            #expect(ads.count == reference.count)
            for (ad, entry) in zip(ads, reference) {
                #expect(ad.id == (entry["id"] as? NSNumber)?.int64Value)
                #expect(ad.title == CatalogueDecoder.clean(entry["title"] as? String ?? ""))
                #expect(ad.description == CatalogueDecoder.clean(entry["description"] as? String ?? ""))
                #expect(ad.price == (entry["price"] as? NSNumber)?.doubleValue)
                #expect(ad.isUrgent == (entry["is_urgent"] as? NSNumber)?.boolValue)
                let images = entry["images_url"] as? [String: Any]
                #expect(ad.smallImage == images?["small"] as? String)
                #expect(ad.thumbImage == images?["thumb"] as? String)
                #expect(ad.siret == entry["siret"] as? String)
                #expect(ad.created == APIDate.parse(entry["creation_date"] as? String ?? ""))
            }
        }
    }
}
