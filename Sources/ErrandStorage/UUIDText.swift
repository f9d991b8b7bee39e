import FoundationEssentials

/// UUIDs as stored text, byte for byte what `uuidString` gives (upper-case, dashed), written
/// by hand: Foundation formats it with snprintf, which cost more than the SQLite insert it
/// keys (callgrind, replaying creates), and reads it back with sscanf (with the formatting, 3%
/// of `find WORD`'s processor time at 1,000,000 items, perf: every row read does both).
enum UUIDText {
    private static let digits = Array("0123456789ABCDEF".utf8)

    static func of(_ id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var o = 0
                for (i, byte) in bytes.enumerated() {
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        out[o] = UInt8(ascii: "-")
                        o += 1
                    }
                    out[o] = digits[Int(byte >> 4)]
                    out[o + 1] = digits[Int(byte & 0x0F)]
                    o += 2
                }
                return o
            }
        }
    }

    /// What `UUID(uuidString:)` reads: 36 characters, dashes after the 8th, 12th, 16th and
    /// 20th hex digit, either case; nil for anything else.
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8(parse)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let read = withUnsafeMutableBytes(of: &raw) { out -> Bool in
            var digit = 0
            for (i, byte) in bytes.enumerated() {
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                    continue
                }
                guard let value = nibble(byte) else { return false }
                out[digit / 2] |= digit % 2 == 0 ? value << 4 : value
                digit += 1
            }
            return true
        }
        return read ? UUID(uuid: raw) : nil
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
