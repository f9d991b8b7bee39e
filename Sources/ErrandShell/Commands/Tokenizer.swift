/// Splits a command line into words the way a shell user expects: spaces separate, "double"
/// and 'single' quotes group, a backslash escapes a space, a quote or a backslash. Text is full
/// of apostrophes (`l'école`, `don't`), so a single quote opens a quote only at the start of a
/// word and closes it only at the end of one; elsewhere it is a letter. A backslash before
/// anything else stays (`C:\temp`).
public enum Tokenizer {
    public struct Token: Equatable, Sendable {
        public var text: String
        /// Offset of the token's first character (in Characters) in the line.
        public var start: Int
        /// Whether it opens with a quote: such a word is text, never an option (`"--draft"`),
        /// while `--at="Gare de Lyon"` is still an option.
        public var quoted: Bool
    }

    public enum Failure: Error, Equatable {
        case unbalancedQuote(Character)
    }

    /// Complete lines: an unbalanced quote is an error.
    public static func split(_ line: String) throws(Failure) -> [Token] {
        let result = scan(line)
        if let open = result.openQuote { throw .unbalancedQuote(open) }
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

    /// A combining mark after a space joins the space's grapheme (`find ́` is two Characters,
    /// "find" and " ́"): the space still parts the words, the mark begins the next one.
    static func scanCharacters(_ line: String) -> Scan {
        var units: [Character] = []
        units.reserveCapacity(line.count)
        for character in line {
            let scalars = character.unicodeScalars
            if scalars.count > 1, let first = scalars.first, first == " " || first == "\t" {
                units.append(Character(first))
                units.append(Character(String(String.UnicodeScalarView(scalars.dropFirst()))))
            } else {
                units.append(character)
            }
        }
        return scan(units, into: String.self)
    }

    static func scanASCII(_ line: String) -> Scan {
        scan(Array(line.utf8), into: [UInt8].self)
    }

    /// The one set of rules, over Characters or, for ASCII lines, bytes: `Buffer` says how a
    /// word is gathered from those units. Offsets count units, which for ASCII are Characters.
    static func scan<Buffer: TokenBuffer>(_ units: [Buffer.Unit], into _: Buffer.Type) -> Scan {
        var scan = Scan()
        var current = Buffer()
        var start = 0
        var inToken = false
        var quoted = false
        var openQuote: Buffer.Unit?
        var offset = 0
        while offset < units.count {
            let unit = units[offset]
            let next = offset + 1 < units.count ? units[offset + 1] : nil
            if let quote = openQuote {
                // `'it's here'`: a single quote before a letter is an apostrophe inside the quote.
                if unit == quote, quote == Buffer.doubleQuote || next.map(Buffer.isWordUnit) != true {
                    openQuote = nil
                } else if unit == Buffer.backslash, quote == Buffer.doubleQuote, let next,
                          next == Buffer.doubleQuote || next == Buffer.backslash {
                    current.append(next)
                    offset += 1
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
                let wordStart = !inToken || offset > 0 && units[offset - 1] == Buffer.equals
                if !inToken { start = offset; inToken = true }
                if unit == Buffer.doubleQuote
                    || unit == Buffer.singleQuote && wordStart {
                    openQuote = unit
                    if offset == start { quoted = true }
                } else if unit == Buffer.backslash, let next, Buffer.escapable(next) {
                    current.append(next)
                    offset += 1
                } else {
                    // A backslash that ends a partial line may yet escape what is typed next.
                    if unit == Buffer.backslash, next == nil { scan.danglingEscape = true }
                    current.append(unit)
                }
            }
            offset += 1
        }
        if inToken { scan.tokens.append(Token(text: current.text, start: start, quoted: quoted)) }
        scan.openQuote = openQuote.map(Buffer.character)
        return scan
    }

    /// Quotes a value so that `split` gives it back as one word.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty, !text.contains(where: { " \t\"'\\".contains($0) }) { return text }
        return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
