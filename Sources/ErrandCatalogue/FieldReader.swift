import ErrandHelpers
/// Reads the fields of one catalogue entry through a JSONCursor and names every problem the
/// way a person can act on: "listing.json: ad 3, field price has the wrong type (expected a
/// number)", "ad 3 misses title".
struct FieldReader {
    let document: String
    /// "ad 3", "category 1".
    let label: String

    private func malformed(_ error: JSONCursor.Malformed) -> CatalogueError {
        .malformed(document: document, reason: error.reason)
    }

    private func invalid(_ key: String, _ why: String) -> CatalogueError {
        .invalid(document: document, reason: "\(label), field \(key) \(why)")
    }

    /// Calls `body` with each key of the object the cursor is in; `body` reads the value
    /// (or skips it).
    func members(_ c: inout JSONCursor,
                 _ body: (inout JSONCursor, String) throws(CatalogueError) -> Void) throws(CatalogueError) {
        var first = true
        while true {
            let key: String?
            do { key = try c.nextKey(first: first) } catch { throw malformed(error) }
            guard let key else { return }
            first = false
            try body(&c, key)
        }
    }

    func skip(_ c: inout JSONCursor) throws(CatalogueError) {
        do { try c.skipValue() } catch { throw malformed(error) }
    }

    /// The kind of the next value, refusing null and any kind but `wanted`.
    private func check(_ c: inout JSONCursor, _ key: String, _ wanted: JSONCursor.Kind,
                       _ expected: String) throws(CatalogueError) {
        let kind: JSONCursor.Kind
        do { kind = try c.peek() } catch { throw malformed(error) }
        if kind == wanted { return }
        throw invalid(key, kind == .null ? "is null (expected \(expected))" : "has the wrong type (expected \(expected))")
    }

    func integer(_ c: inout JSONCursor, _ key: String) throws(CatalogueError) -> Int64 {
        try check(&c, key, .number, "an integer")
        let text: Substring
        do { text = try c.readNumberText() } catch { throw malformed(error) }
        guard let value = Int64(text) else {
            throw .invalid(document: document, reason: "\(label), field \(key): \(text.prefix(40)) is not a whole number within 64 bits")
        }
        return value
    }

    func number(_ c: inout JSONCursor, _ key: String) throws(CatalogueError) -> Double {
        try check(&c, key, .number, "a number")
        do {
            let text = try c.readNumberText()
            return Double(text) ?? .nan
        } catch {
            throw malformed(error)
        }
    }

    func bool(_ c: inout JSONCursor, _ key: String) throws(CatalogueError) -> Bool {
        try check(&c, key, .bool, "true or false")
        do { return try c.readBool() } catch { throw malformed(error) }
    }

    /// A string, with control characters made harmless (`CatalogueDecoder.clean`) when the
    /// cursor saw a byte that could start one.
    func string(_ c: inout JSONCursor, _ key: String) throws(CatalogueError) -> String {
        try check(&c, key, .string, "a string")
        var suspect = false
        let text: String
        do { text = try c.readString(suspect: &suspect) } catch { throw malformed(error) }
        return suspect ? CatalogueDecoder.clean(text) : text
    }

    /// A string that may be absent or null.
    func optionalString(_ c: inout JSONCursor, _ key: String) throws(CatalogueError) -> String? {
        do {
            if try c.peek() == .null {
                try c.readNull()
                return nil
            }
        } catch {
            throw malformed(error)
        }
        return try string(&c, key)
    }

    /// `images_url`: an object whose `small` and `thumb` may each be absent or null.
    func images(_ c: inout JSONCursor, _ key: String) throws(CatalogueError) -> (small: String?, thumb: String?) {
        try check(&c, key, .object, "an object")
        do { try c.beginObject() } catch { throw malformed(error) }
        let inner = FieldReader(document: document, label: "\(label), field \(key)")
        var small: String?
        var thumb: String?
        try inner.members(&c) { c, name throws(CatalogueError) in
            switch name {
            case "small": small = try inner.optionalString(&c, name)
            case "thumb": thumb = try inner.optionalString(&c, name)
            default: try inner.skip(&c)
            }
        }
        return (small, thumb)
    }

    func required<T>(_ value: T?, _ key: String) throws(CatalogueError) -> T {
        guard let value else { throw .invalid(document: document, reason: "\(label) misses \(key)") }
        return value
    }
}
