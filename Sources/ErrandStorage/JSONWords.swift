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
        try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
