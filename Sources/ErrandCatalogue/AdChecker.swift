import ErrandDomain
import ErrandHelpers

/// The checks every ad of a listing gets, one ad at a time: its fields (CatalogueDecoder.readAd),
/// a known category, a plausible price, a parseable date, and an id not seen before in this
/// listing. Only the ids are kept (8 bytes an ad), never the ads.
struct AdChecker {
    private let known: Set<Int64>
    private var seen = Set<Int64>()
    private(set) var count = 0

    init(categories: [AdCategory]) {
        known = Set(categories.map(\.id))
    }

    /// Reads the object in `bytes` (the whole element, `base` its offset in the document).
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, base: Int) throws(CatalogueError) -> Ad {
        count += 1
        let document = ListingStream.document
        var c = JSONCursor(bytes, base: base)
        do { try c.beginObject() } catch { throw .malformed(document: document, reason: error.reason) }
        let ad = try CatalogueDecoder.readAd(&c, FieldReader(document: document, label: "ad \(count)"))
        do { try c.end() } catch { throw .malformed(document: document, reason: error.reason) }
        let index = count
        func invalid(_ why: String) -> CatalogueError {
            .invalid(document: document, reason: "ad \(index) (id \(ad.id)): \(why)")
        }
        guard seen.insert(ad.id).inserted else { throw invalid("the id appears twice") }
        guard known.contains(ad.categoryID) else { throw invalid("unknown category id \(ad.categoryID)") }
        guard ad.price.isFinite, ad.price >= 0, ad.price <= CatalogueDecoder.maximumPrice else {
            throw invalid("price \(ad.price) is not a plausible price")
        }
        guard let created = APIDate.parse(ad.creationDate) else {
            throw invalid("creation_date \"\(ad.creationDate.prefix(40))\" is not yyyy-MM-dd'T'HH:mm:ssZ")
        }
        return ad.ad(created: created)
    }
}

/// Where CatalogueDecoder.ads gathers what its stream delivers.
final class AdCollector {
    var ads: [Ad] = []
}
