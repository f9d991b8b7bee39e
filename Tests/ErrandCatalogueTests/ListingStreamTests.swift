@testable import ErrandCatalogue
import ErrandDomain
import Foundation
import Testing

/// A listing read as it streams, in pieces cut anywhere (inside strings, escapes, numbers,
/// between an element and its comma), gives what the whole document gives: the same ads, or
/// the same first error.
@Suite struct ListingStreamTests {
    static func categories() throws -> [AdCategory] {
        try CatalogueDecoder.categories(Fixtures.data(Fixtures.sample, "categories.json"))
    }

    enum Outcome: Equatable {
        case ads([Ad])
        case failed(String)
    }

    /// The ads, or the error's text, reading `data` in pieces of `size` bytes.
    static func read(_ data: Data, pieces size: Int, categories: [AdCategory]) -> Outcome {
        var ads: [Ad] = []
        var stream = ListingStream(categories: categories) { ads.append($0) }
        do {
            var start = 0
            while start < data.count {
                let piece = data[start..<min(start + size, data.count)]
                try piece.withUnsafeBytes { try stream.feed($0) }
                start += size
            }
            try stream.finish()
            return .ads(ads)
        } catch {
            return .failed("\(error)")
        }
    }

    @Test(arguments: [1, 2, 7, 64, 1000, 1 << 16])
    func piecesOfAnySizeGiveTheWholeDocumentsAds(size: Int) throws {
        let categories = try Self.categories()
        let data = try Fixtures.data(Fixtures.sample, "listing.json")
        let whole = try CatalogueDecoder.ads(data, categories: categories)
        #expect(whole.count > 10)
        let pieces = Self.read(data, pieces: size, categories: categories)
        #expect(pieces == .ads(whole), "\(String(describing: pieces).prefix(300))")
    }

    @Test(arguments: [
        (#"[{"id":7,"category_id":1,"title":"a \"quoted\" \\ [brace} title","description":"d","price":1.5,"images_url":{"small":"x"},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}]"#, ""),
        (#"  [ ]  "#, ""),
        (#"[{"id":7,"category_id":1,"title":"t""#, "listing.json is not valid JSON: unexpected end of the document"),
        (#"{"ads":[]}"#, "listing.json: the document has the wrong type (expected an array)"),
        (#"[1,1,1"#, "listing.json: ad 1 has the wrong type (expected an object)"),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false},]"#,
         "listing.json is not valid JSON: expected a value at byte 1"),
        (#"[{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}] x"#,
         "listing.json is not valid JSON: unexpected text after the document at byte 1"),
        (#"[{"id":7,"category_id":1,"title":"t\u0001","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}"#,
         "listing.json is not valid JSON: unexpected end of the document"),
        (#"[{"id":7,"id":8]}]"#, "listing.json is not valid JSON"),
        (#"<html>"#, "listing.json is not valid JSON: unexpected character at byte 0"),
    ])
    func problemsAreTheSameInPiecesAndWhole(json: String, expected: String) throws {
        let categories = [AdCategory(id: 1, name: "Maison")]
        let data = Data(json.utf8)
        let whole = Self.read(data, pieces: data.count + 1, categories: categories)
        for size in [1, 3, 16] {
            let pieces = Self.read(data, pieces: size, categories: categories)
            #expect(pieces == whole, "pieces of \(size): \(String(describing: pieces).prefix(300))")
        }
        switch whole {
        case let .ads(ads): #expect(expected.isEmpty && ads.count <= 1, "\(ads)")
        case let .failed(text): #expect(!expected.isEmpty && text.hasPrefix(expected), "\(text)")
        }
    }
}
