/// Text made safe for roff (the man page's language), and usage lines given man's fonts.
enum Roff {
    /// `text` as a roff text line: backslashes escaped, a dash that starts a word written as
    /// a minus (`\-`, so `--store` can be searched and copied), characters past ASCII named by
    /// code point (groff reads its input as Latin-1 unless told otherwise), and a line that
    /// would start with a control character protected by `\&`.
    static func escape(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-" where previous == " " || previous == "-" || "[(|/'\"".contains(previous): out += "\\-"
            case "\n": out += " "
            default:
                if character.isASCII {
                    out.append(character)
                } else {
                    out += character.unicodeScalars.map { "\\[u" + hex($0.value) + "]" }.joined()
                }
            }
            previous = character
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// groff's `\[uXXXX]` wants at least four upper-case digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A usage line in man's fonts: literal words (commands, options) bold, placeholders
    /// (`DATE`, `LAT,LON`) italic, brackets, bars and ellipses plain.
    /// `create [TITLE...] [--date DATE]` -> `\fBcreate\fR [\fITITLE\fR...] [\fB\-\-date\fR \fIDATE\fR]`.
    static func usage(_ text: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            let placeholder = word.contains { $0.isLetter } && word == word.uppercased() && !word.hasPrefix("-")
            out += (placeholder ? "\\fI" : "\\fB") + escape(word) + "\\fR"
            word = ""
        }
        var rest = Substring(text)
        while let character = rest.first {
            if rest.hasPrefix("...") {
                flush()
                out += "\\&..."
                rest = rest.dropFirst(3)
                continue
            }
            if " []|".contains(character) {
                flush()
                out.append(character)
            } else {
                word.append(character)
            }
            rest = rest.dropFirst()
        }
        flush()
        return out
    }
}
