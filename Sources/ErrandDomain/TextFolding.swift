// `_nfd` (one scalar's canonical decomposition) is the standard library's own, behind an SPI:
// the public API has no decomposition, and Foundation's folding would link ICU into errand.
@_spi(_Unicode) import Swift

/// Case and accents aside, as Foundation's `folding(options: [.caseInsensitive,
/// .diacriticInsensitive], locale: nil)` gave it on Linux: errand links FoundationEssentials
/// only, which has no folding. Compared with Foundation over every scalar: the same for all but
/// 64 letters of Unicode 16 and the rare Cyrillic "rounded" forms (U+1C80...1C88), which
/// Foundation's older tables leave as they are and this folds as Unicode says.
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var out = String.UnicodeScalarView()
        // Accents go only after a letter of the Latin, Greek or Cyrillic blocks (below U+0510),
        // as in Foundation; elsewhere (Devanagari, Arabic...) a mark is part of the letter.
        var lastKept: UInt32 = .max
        for original in text.unicodeScalars {
            var scalar = original
            if original.value >= 0xC0 {
                switch original.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark:
                    if lastKept < 0x510 { continue }
                default:
                    break
                }
                var parts = String(original)._nfd.makeIterator()
                if let base = parts.next(), base.value < 0x510 { scalar = base }
            }
            lastKept = scalar.value
            appendFolded(scalar, to: &out)
        }
        return String(out)
    }

    /// Full case folding ("ß" and "ẞ" become "ss", "µ" becomes "μ") through the standard
    /// library's case mappings: lower, then upper, then lower again reaches the folded form.
    static func appendFolded(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        let properties = scalar.properties
        guard properties.changesWhenCaseFolded || properties.changesWhenLowercased else {
            out.append(scalar)
            return
        }
        out.append(contentsOf: String(scalar).lowercased().uppercased().lowercased().unicodeScalars)
    }
}
