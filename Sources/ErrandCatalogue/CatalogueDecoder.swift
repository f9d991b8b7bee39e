import ErrandDomain
import Foundation

/// Reads and checks `listing.json` and `categories.json` against the real schema (see the
/// paperclip swagger): every required field with its type, ids unique and within 64 bits,
/// known categories, sane prices, parseable dates. Any problem refuses the whole catalogue.
public enum CatalogueDecoder {
    /// Prices above this are taken as a broken feed, not an ad.
    public static let maximumPrice = 1e11

    struct APICategory: Decodable {
        let id: Int64
        let name: String
    }

    struct APIImages: Decodable {
        let small: String?
        let thumb: String?
    }

    struct APIAd: Decodable {
        let id: Int64
        let category_id: Int64
        let title: String
        let description: String
        let price: Double
        let images_url: APIImages
        let creation_date: String
        let is_urgent: Bool
        let siret: String?
    }

    public static func categories(_ data: Data) throws(CatalogueError) -> [AdCategory] {
        let decoded: [APICategory] = try decode(data, document: "categories.json", label: "category")
        var seen = Set<Int64>()
        for category in decoded where !seen.insert(category.id).inserted {
            throw .invalid(document: "categories.json", reason: "category id \(category.id) appears twice")
        }
        return decoded.map { AdCategory(id: $0.id, name: clean($0.name)) }
    }

    public static func ads(_ data: Data, categories: [AdCategory]) throws(CatalogueError) -> [Ad] {
        let decoded: [APIAd] = try decode(data, document: "listing.json", label: "ad")
        let known = Set(categories.map(\.id))
        var seen = Set<Int64>()
        var ads: [Ad] = []
        ads.reserveCapacity(decoded.count)
        for (index, ad) in decoded.enumerated() {
            func invalid(_ why: String) -> CatalogueError {
                .invalid(document: "listing.json", reason: "ad \(index + 1) (id \(ad.id)): \(why)")
            }
            guard seen.insert(ad.id).inserted else { throw invalid("the id appears twice") }
            guard known.contains(ad.category_id) else { throw invalid("unknown category id \(ad.category_id)") }
            guard ad.price.isFinite, ad.price >= 0, ad.price <= maximumPrice else {
                throw invalid("price \(ad.price) is not a plausible price")
            }
            guard let created = APIDate.parse(ad.creation_date) else {
                throw invalid("creation_date \"\(ad.creation_date.prefix(40))\" is not yyyy-MM-dd'T'HH:mm:ssZ")
            }
            ads.append(Ad(id: ad.id, categoryID: ad.category_id, title: clean(ad.title), description: clean(ad.description),
                          price: ad.price, smallImage: ad.images_url.small.map(clean),
                          thumbImage: ad.images_url.thumb.map(clean), created: created, isUrgent: ad.is_urgent,
                          siret: ad.siret.map(clean)))
        }
        return ads
    }

    /// The tolerant rule for fetched text: control characters (escape sequences, NUL, bells;
    /// all but newline and tab) become U+FFFD as the catalogue is read, so they never reach
    /// a terminal, an XML store or a C string.
    static func clean(_ text: String) -> String {
        TextSafety.neutralised(text, keep: ["\n", "\t"])
    }

    static func decode<T: Decodable>(_ data: Data, document: String, label: String) throws(CatalogueError) -> [T] {
        do {
            return try JSONDecoder().decode([T].self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalid(document: document, reason: "\(where_(context.codingPath, label)) misses \(key.stringValue)")
        } catch let DecodingError.typeMismatch(type, context) {
            throw .invalid(document: document,
                           reason: "\(where_(context.codingPath, label)) has the wrong type (expected \(describe(type)))")
        } catch let DecodingError.valueNotFound(type, context) {
            throw .invalid(document: document,
                           reason: "\(where_(context.codingPath, label)) is null (expected \(describe(type)))")
        } catch let DecodingError.dataCorrupted(context) {
            if context.codingPath.isEmpty {
                // Foundation on Linux reports a number that does not fit its field (7.5 or 2^70
                // as an id) as invalid JSON with no path: find it ourselves.
                if let problem = integerProblem(data, label: label) { throw .invalid(document: document, reason: problem) }
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                throw .malformed(document: document, reason: detail ?? context.debugDescription)
            }
            throw .invalid(document: document, reason: "\(where_(context.codingPath, label)): \(context.debugDescription)")
        } catch {
            throw .malformed(document: document, reason: "\(error)")
        }
    }

    /// The first id field that is not a whole number within 64 bits, in valid JSON.
    static func integerProblem(_ data: Data, label: String) -> String? {
        guard let entries = try? JSONSerialization.jsonObject(with: data) as? [Any] else { return nil }
        for (index, entry) in entries.enumerated() {
            guard let fields = entry as? [String: Any] else { continue }
            for key in ["id", "category_id"] {
                guard let number = fields[key] as? NSNumber else { continue }
                let value = number.doubleValue
                if value.rounded() != value || abs(value) >= 9.2e18 || "\(number)".contains("e") {
                    return "\(label) \(index + 1), field \(key): \(number) is not a whole number within 64 bits"
                }
            }
        }
        return nil
    }

    /// "ad 3, field price" from a coding path.
    static func where_(_ path: [CodingKey], _ label: String) -> String {
        var parts: [String] = []
        for key in path {
            if let index = key.intValue { parts.append("\(label) \(index + 1)") } else { parts.append(key.stringValue) }
        }
        return parts.isEmpty ? "the document" : parts.joined(separator: ", field ")
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int64.Type: return "an integer"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        default: return type is [Any].Type ? "an array" : "an object"
        }
    }
}
