/// The weekday-day-month part of a locale's date format (glibc's `_DATE_FMT`, the format
/// `date` uses), as a strftime pattern: "%a %-d. %b %H:%M:%S %Z %Y" (de_DE) gives "%a %-d. %b",
/// "%a %d %b %Y %T %Z" (fr_FR) gives "%a %-d %b". Names are abbreviated and the day is not
/// padded, as a label in a column of days wants.
struct DayLabelPattern {
    let strftime: String

    static let fallback = "%a %-d %b"

    private enum Token {
        case text(Character)
        case field(String, kind: Character)
        case other
    }

    init(dateFormat: String) {
        var out = ""
        var between = ""
        var gap = false
        var kinds: [Character] = []
        for token in DayLabelPattern.tokens(dateFormat) {
            switch token {
            case .text(let c):
                between.append(c)
            case .other:
                // Time, zone, year...: the text around them goes with them.
                gap = true
                between = ""
            case .field(let field, let kind):
                if !kinds.isEmpty { out += gap ? " " : between }
                out += field
                kinds.append(kind)
                between = ""
                gap = false
            }
        }
        strftime = kinds.sorted() == ["a", "b", "d"] ? out : DayLabelPattern.fallback
    }

    private static func tokens(_ format: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(format)
        while let first = rest.first {
            rest = rest.dropFirst()
            guard first == "%" else {
                tokens.append(.text(first))
                continue
            }
            // Flags and width, then the conversion's letter.
            rest = rest.drop { "-_0^#EO123456789".contains($0) }
            guard let letter = rest.first else { break }
            rest = rest.dropFirst()
            switch letter {
            case "a", "A": tokens.append(.field("%a", kind: "a"))
            case "b", "B", "h": tokens.append(.field("%b", kind: "b"))
            case "d", "e": tokens.append(.field("%-d", kind: "d"))
            case "%": tokens.append(.other)
            default: tokens.append(.other)
            }
        }
        return tokens
    }
}
