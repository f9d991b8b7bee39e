import ErrandDomain

/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks and joiners none. Measured per grapheme cluster, as terminals draw them.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // ASCII, most text: a column a printable byte, none for a control one, without
        // grapheme breaking or Unicode tables (those were an eighth of a start-up, callgrind).
        var width = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return text.reduce(0) { $0 + of($1) } }
            if byte >= 0x20, byte != 0x7F { width += 1 }
        }
        return width
    }

    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            width = max(width, of(scalar))
        }
        // An emoji presentation selector makes a narrow symbol wide.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { width = 2 }
        return width
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        // Shown as U+FFFD once sanitized; raw, a terminal draws nothing for them.
        if TextSafety.isControl(scalar) { return 0 }
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v) {
            return 2
        }
        return 1
    }

    /// Cuts text to at most `width` columns, ending with "…" when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width >= 1 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// Pads with spaces to `width` columns (text already at most that wide).
    public static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// Replaces control characters so that stored or fetched text cannot drive the terminal.
    public static func sanitize(_ text: String) -> String {
        TextSafety.neutralised(text, asSpace: ["\n", "\t"])
    }
}
