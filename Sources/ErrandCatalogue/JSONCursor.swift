/// A strict JSON reader that walks a document in place, value by value, for the catalogue's
/// two documents. JSONDecoder built a tree of the whole 90 MB listing before a field was read
/// (1.3 s of a 100,000-ad sync, the largest share); reading fields straight out of the bytes
/// takes a fraction of that. Strict means RFC 8259: no raw control characters in strings,
/// no leading zeros, nothing after the document. Unknown fields are skipped without recursion,
/// under a nesting limit, so a hostile document cannot exhaust the stack. The geocoder's
/// replies read through it too (package access: ErrandPlaces); the catalogue's own calls stay
/// inside this module, where the optimiser can inline them.
package struct JSONCursor {
    package enum Kind: Equatable {
        case object, array, string, number, bool, null
    }

    package struct Malformed: Error {
        package let reason: String
    }

    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset = 0
    /// Where `bytes` begin in the whole document, for the offsets errors give: a listing read
    /// as it streams is parsed an ad at a time (ListingStream).
    private let base: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, base: Int = 0) {
        self.bytes = bytes
        self.base = base
    }

    private func fail(_ what: String) -> Malformed {
        Malformed(reason: "\(what) at byte \(base + offset)")
    }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// What the next value is, without reading it.
    package mutating func peek() throws(Malformed) -> Kind {
        skipSpace()
        guard offset < bytes.count else { throw fail("unexpected end of the document") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw fail("unexpected character")
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == byte else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        offset += 1
    }

    /// After the document: only whitespace may follow.
    package mutating func end() throws(Malformed) {
        skipSpace()
        guard offset == bytes.count else { throw fail("unexpected text after the document") }
    }

    // MARK: containers

    package mutating func beginArray() throws(Malformed) { try expect(UInt8(ascii: "[")) }
    package mutating func beginObject() throws(Malformed) { try expect(UInt8(ascii: "{")) }

    /// Before each element: true if one follows, false at `]` (consumed). `first` is true for
    /// the first call on an array.
    package mutating func nextElement(first: Bool) throws(Malformed) -> Bool {
        skipSpace()
        guard offset < bytes.count else { throw fail("unexpected end inside an array") }
        if bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return false
        }
        if !first { try expect(UInt8(ascii: ",")) }
        return true
    }

    /// The next key of an object, or nil at `}` (consumed).
    package mutating func nextKey(first: Bool) throws(Malformed) -> String? {
        skipSpace()
        guard offset < bytes.count else { throw fail("unexpected end inside an object") }
        if bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return nil
        }
        if !first { try expect(UInt8(ascii: ",")) }
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let key = try readString()
        try expect(UInt8(ascii: ":"))
        return key
    }

    // MARK: scalars

    mutating func readNull() throws(Malformed) { try literal("null") }

    mutating func readBool() throws(Malformed) -> Bool {
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw fail("unexpected end of the document") }
        for i in 0..<count where bytes[offset + i] != word.utf8Start[i] { throw fail("unexpected character") }
        offset += count
    }

    /// A string value; escapes decoded, UTF-8 checked (an invalid sequence is refused).
    package mutating func readString() throws(Malformed) -> String {
        var suspect = false
        return try readString(suspect: &suspect)
    }

    /// `suspect` becomes true when the string may hold a control character (DEL, a C1 lead
    /// byte, or any escape), so that only those strings need the slower check.
    package mutating func readString(suspect: inout Bool) throws(Malformed) -> String {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a string") }
        offset += 1
        let start = offset
        // Fast path: no escapes, the bytes are the string.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                guard let text = String(validating: slice, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character inside a string") }
            if byte == 0x7F || byte == 0xC2 { suspect = true }
            offset += 1
        }
        suspect = true
        var buffer = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: buffer, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { throw fail("unexpected end inside a string") }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): buffer.append(contentsOf: try unicodeEscape())
                default: throw fail("an unknown escape")
                }
            default:
                if byte < 0x20 { throw fail("a control character inside a string") }
                buffer.append(byte)
            }
        }
        throw fail("unexpected end inside a string")
    }

    /// The scalar of `\uXXXX` (and its low surrogate, for a pair), as UTF-8.
    private mutating func unicodeEscape() throws(Malformed) -> [UInt8] {
        var value = try hex4()
        if (0xD800...0xDBFF).contains(value) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw fail("a lone surrogate")
            }
            offset += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw fail("a lone surrogate")
        }
        guard let scalar = Unicode.Scalar(value) else { throw fail("an invalid \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fail("unexpected end in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            offset += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("an invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The text of a number, checked against JSON's grammar.
    package mutating func readNumberText() throws(Malformed) -> Substring {
        skipSpace()
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let firstDigit = offset
        guard digits() > 0 else { throw fail("expected a number") }
        if bytes[firstDigit] == UInt8(ascii: "0"), offset - firstDigit > 1 { throw fail("a number with a leading zero") }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw fail("a number without digits after its point") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw fail("a number without digits in its exponent") }
        }
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    // MARK: skipping

    /// Skips one value of any kind, iteratively: a stack of the closing brackets expected.
    package mutating func skipValue() throws(Malformed) {
        var closers: [UInt8] = []
        while true {
            skipSpace()
            guard offset < bytes.count else { throw fail("unexpected end of the document") }
            switch bytes[offset] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let opening = bytes[offset]
                offset += 1
                guard closers.count < JSONCursor.maxDepth else { throw fail("nested more than \(JSONCursor.maxDepth) deep") }
                let closer = opening == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                skipSpace()
                if offset < bytes.count, bytes[offset] == closer {
                    offset += 1
                } else {
                    closers.append(closer)
                    if closer == UInt8(ascii: "}") { try memberKey() }
                    continue
                }
            case UInt8(ascii: "\""): _ = try readString()
            case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
            case UInt8(ascii: "n"): try readNull()
            default: _ = try readNumberText()
            }
            // A value is complete: close what ends here, or go on to the next member.
            while let closer = closers.last {
                skipSpace()
                guard offset < bytes.count else { throw fail("unexpected end of the document") }
                if bytes[offset] == closer {
                    offset += 1
                    closers.removeLast()
                } else if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    if closer == UInt8(ascii: "}") { try memberKey() }
                    break
                } else {
                    throw fail("expected ',' or '\(Character(Unicode.Scalar(closer)))'")
                }
            }
            if closers.isEmpty { return }
        }
    }

    private mutating func memberKey() throws(Malformed) {
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        _ = try readString()
        try expect(UInt8(ascii: ":"))
    }
}
