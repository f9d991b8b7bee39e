import FoundationEssentials

/// A words field as SQLite keeps it: a JSON array of strings, which SQLite's json_each reads
/// for the field's index and a person reads in sqlite3.
enum JSONWords {
    static func encode(_ words: [String]) -> String {
        var out = "["
        for (i, word) in words.enumerated() {
            if i > 0 { out += "," }
            out += "\""
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            out += "\""
        }
        return out + "]"
    }

    /// nil when the text is not an array of strings (a hand edit).
    static func decode(_ text: String) -> [String]? {
        if let words = decodeOwn(text) { return words }
        return try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    /// What `encode` writes, read without a JSONDecoder (one per tagged row cost a page of 40
    /// rows about 0.1 ms); nil at anything else (spaces, other escapes, a hand edit), which the
    /// decoder then reads in full.
    static func decodeOwn(_ text: String) -> [String]? {
        var utf8 = Substring(text).utf8[...]
        guard utf8.popFirst() == UInt8(ascii: "["), utf8.popLast() == UInt8(ascii: "]") else { return nil }
        var words: [String] = []
        while !utf8.isEmpty {
            if !words.isEmpty, utf8.popFirst() != UInt8(ascii: ",") { return nil }
            guard utf8.popFirst() == UInt8(ascii: "\"") else { return nil }
            var bytes: [UInt8] = []
            while true {
                guard let byte = utf8.popFirst() else { return nil }
                if byte == UInt8(ascii: "\"") { break }
                guard byte == UInt8(ascii: "\\") else {
                    bytes.append(byte)
                    continue
                }
                switch utf8.popFirst() {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                // encode writes \u00XX only for a control character.
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = utf8.popFirst().flatMap({ Character(Unicode.Scalar($0)).hexDigitValue }) else { return nil }
                        value = value << 4 | UInt32(digit)
                    }
                    guard value < 0x20 else { return nil }
                    bytes.append(UInt8(value))
                default: return nil
                }
            }
            // The text came from SQLite as valid UTF-8 and a word is cut only at ASCII quotes.
            words.append(String(decoding: bytes, as: UTF8.self))
        }
        return words
    }
}
