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
        scan(line, into: String.self)
    }

    static func scanASCII(_ line: String) -> Scan {
        scan(line.utf8, into: [UInt8].self)
    }

    /// The one set of rules, over Characters or, for ASCII lines, bytes: `Buffer` says how a
    /// word is gathered from those units. Offsets count units, which for ASCII are Characters.
    static func scan<Units: Sequence, Buffer: TokenBuffer>(_ units: Units, into _: Buffer.Type) -> Scan
    where Units.Element == Buffer.Unit {
        var scan = Scan()
        var current = Buffer()
        var start = 0
        var inToken = false
        var quoted = false
        var escape = false
        var openQuote: Buffer.Unit?
        for (offset, unit) in units.enumerated() {
            if escape {
                current.append(unit)
                escape = false
            } else if let quote = openQuote {
                if unit == quote {
                    openQuote = nil
                } else if unit == Buffer.backslash && quote == Buffer.doubleQuote {
                    escape = true
                } else {
                    current.append(unit)
                }
            } else if unit == Buffer.space || unit == Buffer.tab {
                if inToken {
                    scan.tokens.append(Token(text: current.text, start: start, quoted: quoted))
                    current.removeAll(keepingCapacity: true)
                    inToken = false
                    quoted = false
                }
            } else {
                if !inToken { start = offset; inToken = true }
                if unit == Buffer.doubleQuote || unit == Buffer.singleQuote {
                    openQuote = unit
                    quoted = true
                } else if unit == Buffer.backslash {
                    escape = true
                } else {
                    current.append(unit)
                }
            }
        }
        if inToken { scan.tokens.append(Token(text: current.text, start: start, quoted: quoted)) }
        scan.openQuote = openQuote.map(Buffer.character)
        scan.danglingEscape = escape
        return scan
    }

    /// Quotes a value so that `split` gives it back as one word.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty, !text.contains(where: { " \t\"'\\".contains($0) }) { return text }
        return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
