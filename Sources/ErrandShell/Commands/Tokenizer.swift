/// Splits a command line into words the way a shell user expects: spaces separate, "double"
/// and 'single' quotes group, a backslash escapes the next character.
public enum Tokenizer {
    public struct Token: Equatable, Sendable {
        public var text: String
        /// Offset of the token's first character (in Characters) in the line.
        public var start: Int
        public var quoted: Bool
    }

    public enum Failure: Error, Equatable {
        case unbalancedQuote(Character)
        case trailingBackslash
    }

    /// Complete lines: an unbalanced quote is an error.
    public static func split(_ line: String) throws(Failure) -> [Token] {
        let result = scan(line)
        if let open = result.openQuote { throw .unbalancedQuote(open) }
        if result.danglingEscape { throw .trailingBackslash }
        return result.tokens
    }

    /// Partial lines (completion): the last token may be open.
    public static func splitPartial(_ line: String) -> (tokens: [Token], endsInSpace: Bool) {
        let result = scan(line)
        let endsInSpace = result.openQuote == nil && !result.danglingEscape
            && (line.last == " " || line.last == "\t")
        return (result.tokens, endsInSpace)
    }

    struct Scan {
        var tokens: [Token] = []
        var openQuote: Character?
        var danglingEscape = false
    }

    static func scan(_ line: String) -> Scan {
        // Scripts are mostly ASCII: there a byte is a Character, and scanning bytes is several
        // times cheaper than grapheme breaking (a long create script spent a tenth here).
        line.utf8.allSatisfy({ $0 < 0x80 }) ? scanASCII(line) : scanCharacters(line)
    }

    static func scanCharacters(_ line: String) -> Scan {
        var scan = Scan()
        var current = ""
        var start = 0
        var inToken = false
        var quoted = false
        var escape = false
        for (offset, char) in line.enumerated() {
            if escape {
                current.append(char)
                escape = false
                continue
            }
            if let quote = scan.openQuote {
                if char == quote {
                    scan.openQuote = nil
                } else if char == "\\" && quote == "\"" {
                    escape = true
                } else {
                    current.append(char)
                }
                continue
            }
            switch char {
            case " ", "\t":
                if inToken {
                    scan.tokens.append(Token(text: current, start: start, quoted: quoted))
                    current = ""
                    inToken = false
                    quoted = false
                }
            case "\"", "'":
                if !inToken { start = offset; inToken = true }
                scan.openQuote = char
                quoted = true
            case "\\":
                if !inToken { start = offset; inToken = true }
                escape = true
            default:
                if !inToken { start = offset; inToken = true }
                current.append(char)
            }
        }
        if inToken { scan.tokens.append(Token(text: current, start: start, quoted: quoted)) }
        scan.danglingEscape = escape
        return scan
    }

    /// The same rules as `scan`, byte by byte, for lines that are all ASCII.
    static func scanASCII(_ line: String) -> Scan {
        var scan = Scan()
        var current: [UInt8] = []
        var start = 0
        var inToken = false
        var quoted = false
        var escape = false
        var openQuote: UInt8?
        func finish() {
            scan.tokens.append(Token(text: String(decoding: current, as: UTF8.self), start: start, quoted: quoted))
        }
        for (offset, byte) in line.utf8.enumerated() {
            if escape {
                current.append(byte)
                escape = false
                continue
            }
            if let quote = openQuote {
                if byte == quote {
                    openQuote = nil
                } else if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    escape = true
                } else {
                    current.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if inToken {
                    finish()
                    current.removeAll(keepingCapacity: true)
                    inToken = false
                    quoted = false
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if !inToken { start = offset; inToken = true }
                openQuote = byte
                quoted = true
            case UInt8(ascii: "\\"):
                if !inToken { start = offset; inToken = true }
                escape = true
            default:
                if !inToken { start = offset; inToken = true }
                current.append(byte)
            }
        }
        if inToken { finish() }
        scan.openQuote = openQuote.map { Character(Unicode.Scalar($0)) }
        scan.danglingEscape = escape
        return scan
    }

    /// Quotes a value so that `split` gives it back as one word.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty, !text.contains(where: { " \t\"'\\".contains($0) }) { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
