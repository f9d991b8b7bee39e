import CUTF8Proc
import ErrandDomain

/// How many terminal columns text takes, counted as terminals draw it: by grapheme cluster
/// (a family joined by ZWJs, a flag, a letter with its accents is one glyph), each as wide as
/// the character that starts it (East Asian wide and emoji-presentation characters two,
/// combining marks none). A variation selector does not widen a narrow symbol (`❤️` is one
/// column), as tmux and wcwidth-based terminals draw it. Breaks and widths both come from
/// libutf8proc, so they follow one Unicode version.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // ASCII, most text: a column a printable byte, none for a control one, without
        // grapheme breaking or Unicode tables (those were an eighth of a start-up, callgrind).
        var width = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return clusters(text).reduce(0) { $0 + $1.width } }
            if byte >= 0x20, byte != 0x7F { width += 1 }
        }
        return width
    }

    /// The text's grapheme clusters with their widths, in order; joined, the texts give it back.
    public static func clusters(_ text: String) -> [(text: String, width: Int)] {
        var result: [(text: String, width: Int)] = []
        var current = String.UnicodeScalarView()
        var width = 0
        var previous: Int32 = -1
        var state: Int32 = 0
        var regionalIndicators = 0
        for scalar in text.unicodeScalars {
            let code = Int32(bitPattern: scalar.value)
            if previous < 0 || utf8proc_grapheme_break_stateful(previous, code, &state) {
                if !current.isEmpty { result.append((String(current), width)) }
                current = String.UnicodeScalarView()
                width = of(scalar)
                regionalIndicators = 0
            }
            // Two regional indicators are a flag: two columns in every terminal, whether it
            // draws the flag or the two letters.
            if (0x1F1E6...0x1F1FF).contains(scalar.value) {
                regionalIndicators += 1
                if regionalIndicators == 2 { width = 2 }
            }
            current.append(scalar)
            previous = code
        }
        if !current.isEmpty { result.append((String(current), width)) }
        return result
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        // Shown as U+FFFD once sanitized; raw, a terminal draws nothing for them.
        if TextSafety.isControl(scalar) { return 0 }
        return max(0, Int(utf8proc_charwidth(Int32(bitPattern: scalar.value))))
    }

    /// Cuts text to at most `width` columns, ending with "…" when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width >= 1 else { return "" }
        var result = ""
        var used = 0
        for cluster in clusters(text) {
            if used + cluster.width > width - 1 { break }
            result += cluster.text
            used += cluster.width
        }
        return result + "…"
    }

    /// Splits text into pieces of at most `width` columns each, between grapheme clusters
    /// (a piece holds at least one cluster, however wide), so nothing is lost.
    public static func split(_ text: String, every width: Int) -> [String] {
        guard of(text) > width else { return [text] }
        var pieces: [String] = []
        var piece = ""
        var used = 0
        for cluster in clusters(text) {
            if used + cluster.width > width, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                used = 0
            }
            piece += cluster.text
            used += cluster.width
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// Pads with spaces to `width` columns (text already at most that wide).
    public static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// Replaces control characters so that stored or fetched text cannot drive the terminal,
    /// and the bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069) so
    /// that a server's display name cannot reorder the rest of the line ("Trojan Source").
    /// The marks LRM and RLM stay: right-to-left text needs them and they reorder nothing.
    public static func sanitize(_ text: String) -> String {
        let safe = TextSafety.neutralised(text, asSpace: ["\n", "\t"])
        guard safe.utf8.contains(0xE2), safe.unicodeScalars.contains(where: isBidiControl) else { return safe }
        return String(String.UnicodeScalarView(safe.unicodeScalars.map { isBidiControl($0) ? "\u{FFFD}" : $0 }))
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
