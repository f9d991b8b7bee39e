import FoundationEssentials

/// UUIDs as stored text, byte for byte what `uuidString` gives (upper-case, dashed), written
/// by hand: Foundation formats it with snprintf, which cost more than the SQLite insert it
/// keys (callgrind, replaying creates).
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
}
