/// One content line of an iCalendar text as it was written: its span of the text, folds (and
/// their whitespace) included, without its final line end. Errand writes a line it does not
/// own back from this, byte for byte; libical is not asked to re-serialise it.
struct RawLine: Sendable {
    /// The line where it stands in the text (a slice: no copy per line).
    private(set) var span: Substring
    /// The property's name, upper-cased (`DUE`, `X-MOZ-LASTACK`, `BEGIN`).
    let name: String
    /// A fold ended with LF alone: written back with CRLF, as RFC 5545 wants.
    private(set) var bareFold = false

    init(_ first: Substring) {
        span = first
        name = RawLine.name(of: first)
    }

    /// The line as written, each fold ending with CRLF.
    var text: String {
        guard bareFold else { return String(span) }
        var out: [UInt8] = []
        var previous: UInt8 = 0
        for byte in span.utf8 {
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") { out.append(UInt8(ascii: "\r")) }
            out.append(byte)
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    var isFolded: Bool { span.utf8.contains(UInt8(ascii: "\n")) }

    /// Unfolded (RFC 5545 3.1: a line end and the one whitespace after it are dropped).
    var unfolded: Substring {
        guard isFolded else { return span }
        var out: [UInt8] = []
        var skip = false
        for byte in span.utf8 {
            if skip {
                skip = false
                continue
            }
            switch byte {
            case UInt8(ascii: "\r"): continue
            case UInt8(ascii: "\n"): skip = true
            default: out.append(byte)
            }
        }
        return Substring(String(decoding: out, as: UTF8.self))
    }

    /// What follows the first colon outside a quoted parameter value: enough for BEGIN, END,
    /// UID and TZID, whose values are plain names. Other values are libical's to read.
    var value: Substring {
        let whole = unfolded
        var quoted = false
        // By bytes: a colon and a quote are ASCII, and walking Characters costs grapheme breaking.
        for index in whole.utf8.indices {
            switch whole.utf8[index] {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: ":") where !quoted: return whole[whole.utf8.index(after: index)...]
            default: continue
            }
        }
        return ""
    }

    static func name(of line: Substring) -> String {
        let end = line.utf8.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "\r") }
            ?? line.endIndex
        let name = line[..<end]
        // Names are written upper-case nearly always: only a name that is not is copied twice.
        return name.utf8.contains { (0x61...0x7A).contains($0) } ? name.uppercased() : String(name)
    }

    /// The content lines of a text: physical lines split at LF (a CR before it dropped), a line
    /// starting with a space or a tab continuing the one before, blank lines dropped.
    static func lines(_ text: String) -> [RawLine] {
        var out: [RawLine] = []
        each(text[...]) { out.append($0) }
        return out
    }

    /// `lines`, one at a time: a line is handed over once the next one shows it is not folded
    /// on, so a whole calendar's lines are never held together.
    static func each(_ text: Substring, _ body: (RawLine) throws -> Void) rethrows {
        var pending: RawLine?
        // Split on the bytes ("\r\n" is one Character, so a Character split would miss it), a
        // piece at a time: an array of every piece of a 64 MB file was larger than the file.
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            var line = Substring(utf8[start..<end])
            start = end == utf8.endIndex ? end : utf8.index(after: end)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            guard let first = line.utf8.first else { continue }
            if first == 0x20 || first == 0x09, var previous = pending {
                let span = previous.span
                // The fold's own line end (CRLF or LF) stays inside the span.
                previous.bareFold = previous.bareFold || span.base[span.endIndex...].utf8.first != UInt8(ascii: "\r")
                previous.span = span.base[span.startIndex..<line.endIndex]
                pending = previous
            } else {
                if let previous = pending { try body(previous) }
                pending = RawLine(line)
            }
        }
        if let previous = pending { try body(previous) }
    }
}
