import ErrandDomain
import ErrandHelpers
import FoundationEssentials

/// Reads and checks `listing.json` and `categories.json` against the real schema (see the
/// paperclip swagger): every required field with its type, ids unique and within 64 bits,
/// known categories, sane prices, parseable dates. Any problem refuses the whole catalogue.
public enum CatalogueDecoder {
    /// Prices above this are taken as a broken feed, not an ad.
    public static let maximumPrice = 1e11

    public static func categories(_ data: Data) throws(CatalogueError) -> [AdCategory] {
        let document = "categories.json"
        let categories = try read(data, document: document) { (c: inout JSONCursor) throws(CatalogueError) -> [AdCategory] in
            try eachObject(&c, document: document, label: "category") { c, label throws(CatalogueError) in
                let fields = FieldReader(document: document, label: label)
                var id: Int64?
                var name: String?
                try fields.members(&c) { c, key throws(CatalogueError) in
                    switch key {
                    case "id": id = try fields.integer(&c, key)
                    case "name": name = try fields.string(&c, key)
                    default: try fields.skip(&c)
                    }
                }
                return AdCategory(id: try fields.required(id, "id"), name: try fields.required(name, "name"))
            }
        }
        var seen = Set<Int64>()
        for category in categories where !seen.insert(category.id).inserted {
            throw .invalid(document: document, reason: "category id \(category.id) appears twice")
        }
        return categories
    }

    /// The whole listing at once, read the way a sync streams it (ListingStream).
    public static func ads(_ data: Data, categories: [AdCategory]) throws(CatalogueError) -> [Ad] {
        var ads: [Ad] = []
        let collect = AdCollector()
        var stream = ListingStream(categories: categories) { collect.ads.append($0) }
        do {
            try data.withUnsafeBytes { try stream.feed($0) }
        } catch let error as CatalogueError {
            throw error
        } catch {
            throw .malformed(document: ListingStream.document, reason: "\(error)")
        }
        try stream.finish()
        swap(&ads, &collect.ads)
        return ads
    }

    /// An ad as read, before the checks that need the whole catalogue (and its date parsed).
    struct ReadAd {
        var id: Int64
        var categoryID: Int64
        var title: String
        var description: String
        var price: Double
        var images: (small: String?, thumb: String?)
        var creationDate: String
        var isUrgent: Bool
        var siret: String?

        /// Every string is already clean: FieldReader.string applies `clean` where needed.
        func ad(created: Int64) -> Ad {
            Ad(id: id, categoryID: categoryID, title: title, description: description, price: price,
               smallImage: images.small, thumbImage: images.thumb, created: created, isUrgent: isUrgent, siret: siret)
        }
    }

    static func readAd(_ c: inout JSONCursor, _ fields: FieldReader) throws(CatalogueError) -> ReadAd {
        var id: Int64?, categoryID: Int64?, price: Double?, urgent: Bool?
        var title: String?, description: String?, creation: String?, siret: String?
        var images: (small: String?, thumb: String?)?
        try fields.members(&c) { c, key throws(CatalogueError) in
            switch key {
            case "id": id = try fields.integer(&c, key)
            case "category_id": categoryID = try fields.integer(&c, key)
            case "title": title = try fields.string(&c, key)
            case "description": description = try fields.string(&c, key)
            case "price": price = try fields.number(&c, key)
            case "creation_date": creation = try fields.string(&c, key)
            case "is_urgent": urgent = try fields.bool(&c, key)
            case "siret": siret = try fields.optionalString(&c, key)
            case "images_url": images = try fields.images(&c, key)
            default: try fields.skip(&c)
            }
        }
        // Missing fields are named in the schema's order.
        return ReadAd(id: try fields.required(id, "id"), categoryID: try fields.required(categoryID, "category_id"),
                      title: try fields.required(title, "title"), description: try fields.required(description, "description"),
                      price: try fields.required(price, "price"), images: try fields.required(images, "images_url"),
                      creationDate: try fields.required(creation, "creation_date"),
                      isUrgent: try fields.required(urgent, "is_urgent"), siret: siret)
    }

    /// The tolerant rule for fetched text: control characters (escape sequences, NUL, bells;
    /// all but newline and tab) become U+FFFD as the catalogue is read, so they never reach
    /// a terminal, an XML store or a C string.
    static func clean(_ text: String) -> String {
        TextSafety.neutralised(text, keep: ["\n", "\t"])
    }

    /// Runs `body` over the document's bytes; a JSON syntax error becomes `malformed`.
    static func read<T>(_ data: Data, document: String,
                        _ body: (inout JSONCursor) throws(CatalogueError) -> T) throws(CatalogueError) -> T {
        let outcome: Result<T, CatalogueError> = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var cursor = JSONCursor(raw.bindMemory(to: UInt8.self))
            do {
                let value = try body(&cursor)
                do {
                    try cursor.end()
                } catch {
                    return .failure(.malformed(document: document, reason: (error as? JSONCursor.Malformed)?.reason ?? "\(error)"))
                }
                return .success(value)
            } catch {
                return .failure(error as? CatalogueError ?? .malformed(document: document, reason: "\(error)"))
            }
        }
        return try outcome.get()
    }

    /// The document must be an array of objects; `body` reads each, given its label ("ad 3").
    static func eachObject<T>(_ c: inout JSONCursor, document: String, label: String,
                              _ body: (inout JSONCursor, String) throws(CatalogueError) -> T) throws(CatalogueError) -> [T] {
        var result: [T] = []
        do {
            guard try c.peek() == .array else {
                throw CatalogueError.invalid(document: document, reason: "the document has the wrong type (expected an array)")
            }
            try c.beginArray()
            var first = true
            while try c.nextElement(first: first) {
                first = false
                let name = "\(label) \(result.count + 1)"
                guard try c.peek() == .object else {
                    throw CatalogueError.invalid(document: document, reason: "\(name) has the wrong type (expected an object)")
                }
                try c.beginObject()
                result.append(try body(&c, name))
            }
        } catch let error as JSONCursor.Malformed {
            throw .malformed(document: document, reason: error.reason)
        } catch let error as CatalogueError {
            throw error
        } catch {
            throw .malformed(document: document, reason: "\(error)")
        }
        return result
    }
}
