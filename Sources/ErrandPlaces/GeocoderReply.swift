import ErrandCatalogue
import ErrandDomain
import FoundationEssentials

/// Reads a Nominatim `/search?format=jsonv2` answer: an array of places, best first, each with
/// `lat` and `lon` (strings in Nominatim, numbers in some work-alikes) and `display_name`.
/// Strict JSON (JSONCursor); other fields are skipped; a place without usable coordinates is
/// passed over; the address is cleaned of control characters and cut to a sane length.
public enum GeocoderReply {
    /// Longest address kept, in characters (Nominatim's run to about 200).
    public static let maxAddress = 500
    /// Places read at most: the first is taken, the rest are only counted.
    public static let maxPlaces = 50

    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// The places, best first (empty: no match).
    public static func read(_ data: Data) throws(Unreadable) -> [PlaceMatch] {
        let result: Result<[PlaceMatch], Unreadable> = data.withUnsafeBytes { raw in
            var c = JSONCursor(raw.bindMemory(to: UInt8.self))
            do {
                return .success(try places(&c))
            } catch let error as Unreadable {
                return .failure(error)
            } catch let error as JSONCursor.Malformed {
                return .failure(Unreadable(reason: "not valid JSON: \(error.reason)"))
            } catch {
                return .failure(Unreadable(reason: "\(error)"))
            }
        }
        let found = try result.get()
        return found.map { PlaceMatch(coordinate: $0.coordinate, address: $0.address, candidates: found.count) }
    }

    private static func places(_ c: inout JSONCursor) throws -> [PlaceMatch] {
        switch try c.peek() {
        case .array: break
        case .object:
            // Nominatim reports a bad request as {"error": ...}.
            throw Unreadable(reason: "the service answered with an error" + (try errorText(&c, nested: false).map { ": \($0)" } ?? ""))
        default: throw Unreadable(reason: "expected a list of places")
        }
        try c.beginArray()
        var found: [PlaceMatch] = []
        var first = true
        while try c.nextElement(first: first) {
            first = false
            let kind = try c.peek()
            if found.count >= maxPlaces || kind != .object {
                try c.skipValue()
                continue
            }
            if let place = try place(&c) { found.append(place) }
        }
        try c.end()
        return found
    }

    private static func place(_ c: inout JSONCursor) throws -> PlaceMatch? {
        try c.beginObject()
        var lat: Double?
        var lon: Double?
        var name: String?
        var first = true
        while let key = try c.nextKey(first: first) {
            first = false
            switch key {
            case "lat": lat = try degrees(&c)
            case "lon": lon = try degrees(&c)
            case "display_name" where try c.peek() == .string: name = try c.readString()
            default: try c.skipValue()
            }
        }
        guard let lat, let lon, let coordinate = try? Coordinate(latitude: lat, longitude: lon) else { return nil }
        return PlaceMatch(coordinate: coordinate, address: cleaned(name ?? ""))
    }

    /// A number, or a string holding one (Nominatim writes "48.8698"); anything else is nil.
    private static func degrees(_ c: inout JSONCursor) throws -> Double? {
        switch try c.peek() {
        case .number: return Double(String(try c.readNumberText()))
        case .string:
            let text = try c.readString()
            guard text.count <= 40 else { return nil }
            return Double(TextSafety.trimmed(text))
        default:
            try c.skipValue()
            return nil
        }
    }

    /// `nested`: inside {"error": {...}}; one level is read, deeper ones skipped.
    private static func errorText(_ c: inout JSONCursor, nested: Bool) throws -> String? {
        try c.beginObject()
        var message: String?
        var first = true
        while let key = try c.nextKey(first: first) {
            first = false
            if key == "error", try c.peek() == .string {
                message = cleaned(try c.readString())
            } else if key == "error", !nested, try c.peek() == .object {
                // {"error": {"code": 400, "message": "..."}}
                message = try errorText(&c, nested: true)
            } else if key == "message", try c.peek() == .string {
                message = cleaned(try c.readString())
            } else {
                try c.skipValue()
            }
        }
        return message
    }

    /// One printable line: control characters (escape sequences, line breaks) neutralised,
    /// runs of spaces collapsed, cut at maxAddress characters.
    static func cleaned(_ text: String) -> String {
        let flat = TextSafety.neutralised(text, asSpace: ["\t", "\n", "\r"])
        let words = flat.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return words.count > maxAddress ? String(words.prefix(maxAddress - 1)) + "…" : words
    }
}
