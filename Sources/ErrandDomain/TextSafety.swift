/// Control characters (C0, DEL, C1) in text that came from a person or the network: they
/// drive terminals, break XML stores and end C strings. One definition for every layer.
public enum TextSafety {
    /// Inlinable: the JSON writer and the width count call it for every scalar they see.
    @inlinable public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// Whitespace and newlines cut from both ends, without Foundation's trimmingCharacters
    /// (which bridges through NSString: a tenth of a create's cost in a long script).
    /// `&`, `<` and `>` as XML and notification markup write them: a server's href or token in
    /// a request body, a title in a desktop notification, read as text, never as markup.
    public static func markupEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }

    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    public static func containsControl(_ text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        // In UTF-8 every control character starts with a byte of its own (C0 and DEL are one
        // byte, C1 is 0xC2 then 0x80...0x9F): scanning bytes finds them without decoding
        // scalars, which was a twentieth of a 100,000-ad sync.
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
                return text.unicodeScalars.contains { isControl($0) && !allowed.contains($0) }
            }
            previous = byte
        }
        return false
    }

    /// Control characters become U+FFFD, except those in `keep` (left as they are) and those
    /// in `asSpace` (become a space).
    public static func neutralised(_ text: String, keep: Set<Unicode.Scalar> = [],
                                   asSpace: Set<Unicode.Scalar> = []) -> String {
        guard containsControl(text, allowing: keep) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar) || keep.contains(scalar) {
                result.append(scalar)
            } else {
                result.append(asSpace.contains(scalar) ? " " : "\u{FFFD}")
            }
        }
        return String(result)
    }
}
