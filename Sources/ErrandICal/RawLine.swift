/// One content line of an iCalendar text as it was written: its physical lines (a folded line
/// keeps its folds and their whitespace), without their line ends. Errand writes a line it does
/// not own back from these, byte for byte; libical is not asked to re-serialise it.
struct RawLine: Sendable {
    /// The physical lines, the first one holding the name.
    var physical: [Substring]
    /// The property's name, upper-cased (`DUE`, `X-MOZ-LASTACK`, `BEGIN`).
    let name: String

    init(_ first: Substring) {
        physical = [first]
        name = RawLine.name(of: first)
    }

    /// The line as written, its folds as CRLF.
    var text: String { physical.joined(separator: "\r\n") }

    /// Unfolded (RFC 5545 3.1: a line end and the one whitespace after it are dropped).
    var unfolded: String {
        physical.enumerated().map { $0.offset == 0 ? $0.element : $0.element.dropFirst() }.joined()
    }

    /// What follows the first colon outside a quoted parameter value: enough for BEGIN, END,
    /// UID and TZID, whose values are plain names. Other values are libical's to read.
    var value: Substring {
        let whole = Substring(unfolded)
        var quoted = false
        for index in whole.indices {
            switch whole[index] {
            case "\"": quoted.toggle()
            case ":" where !quoted: return whole[whole.index(after: index)...]
            default: continue
            }
        }
        return ""
    }

    static func name(of line: Substring) -> String {
        let end = line.firstIndex { $0 == ";" || $0 == ":" } ?? line.endIndex
        return line[..<end].uppercased()
    }

    /// The content lines of a text: physical lines split at LF (a CR before it dropped), a line
    /// starting with a space or a tab continuing the one before, blank lines dropped.
    static func lines(_ text: String) -> [RawLine] {
        var out: [RawLine] = []
        // Split on the bytes: "\r\n" is one Character, so a Character split would miss it.
        for piece in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var line = Substring(piece)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            guard let first = line.utf8.first else { continue }
            if first == 0x20 || first == 0x09, !out.isEmpty {
                out[out.count - 1].physical.append(line)
            } else {
                out.append(RawLine(line))
            }
        }
        return out
    }
}
