/// The bytes of each value in a JSON array or object, found without building any of them, so a
/// 64 MB export or a 400 MB journal entry is decoded a value at a time: JSONDecoder over the
/// whole text first builds its map of every value (four times the text, with the rows).
///
/// Only the structure around the values is checked here (brackets, commas, colons, the ends of
/// strings); each value's bytes go to JSONDecoder, which checks the rest, so a value with a
/// bracket out of place comes out as bytes the decoder refuses. Nothing recurses. (The
/// catalogue's JSONCursor reads fields in place for speed; this only cuts, for a decoder.)
struct JSONSlices {
    struct Failure: Error, Equatable {
        let offset: Int
        let expected: String

        var reason: String { "not valid JSON at byte \(offset + 1) (expected \(expected))" }
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var position = 0

    /// Offsets (ranges and failures) are of the whole of `bytes`, from `position` on.
    init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Calls `each` with the range of every element of the array at the current position.
    mutating func elements(_ each: (Range<Int>) throws -> Void) throws {
        skipSpace()
        try expect("[")
        skipSpace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            try each(try value())
            guard try next(closing: "]") else { return }
        }
    }

    /// Calls `each` with the ranges of every key (quotes included) and value of the object at
    /// the current position.
    mutating func members(_ each: (_ key: Range<Int>, _ value: Range<Int>) throws -> Void) throws {
        skipSpace()
        try expect("{")
        skipSpace()
        if peek == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw Failure(offset: position, expected: "a key") }
            let key = try value()
            skipSpace()
            try expect(":")
            skipSpace()
            try each(key, try value())
            guard try next(closing: "}") else { return }
        }
    }

    /// Nothing but white space from here to the end.
    mutating func end() throws {
        skipSpace()
        guard position == bytes.count else { throw Failure(offset: position, expected: "the end") }
    }

    /// The range of the value at the current position, which it moves past.
    mutating func value() throws -> Range<Int> {
        let start = position
        guard let first = peek else { throw Failure(offset: position, expected: "a value") }
        switch first {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipNested()
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            throw Failure(offset: position, expected: "a value")
        default:
            // A number, true, false or null: up to what ends a value.
            while let byte = peek, !JSONSlices.endsWord(byte) { position += 1 }
        }
        return start..<position
    }

    /// After a member or element: true past a comma (another follows), false past `closing`.
    private mutating func next(closing: Unicode.Scalar) throws -> Bool {
        skipSpace()
        guard let byte = peek, byte == UInt8(ascii: ",") || byte == UInt8(ascii: closing) else {
            throw Failure(offset: position, expected: "a comma or \(closing)")
        }
        position += 1
        guard byte == UInt8(ascii: ",") else { return false }
        skipSpace()
        return true
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "\""),
             UInt8(ascii: "["), UInt8(ascii: "{"), 0x20, 0x09, 0x0A, 0x0D: return true
        default: return false
        }
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func expect(_ char: Unicode.Scalar) throws {
        guard peek == UInt8(ascii: char) else { throw Failure(offset: position, expected: String(char)) }
        position += 1
    }

    /// An object or array, to past its closing bracket: brackets counted, strings skipped.
    private mutating func skipNested() throws {
        var depth = 0
        repeat {
            guard let byte = peek else { throw Failure(offset: position, expected: "the value to close") }
            switch byte {
            case UInt8(ascii: "\""):
                try skipString()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
            position += 1
        } while depth > 0
    }

    /// From the opening quote to past the closing one; an escape skips the byte after it.
    private mutating func skipString() throws {
        let start = position
        position += 1
        while let byte = peek {
            position += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return }
        }
        throw Failure(offset: start, expected: "the string to end")
    }
}
