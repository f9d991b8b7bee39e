/// What the person's editor made of the typed line (Alt-E, Ctrl-X Ctrl-E).
public enum EditedLine: Equatable {
    case changed(String)
    case unchanged
    /// Why nothing came back, in one line (the editor was not found, failed, wrote too much).
    case failed(String)

    /// A file's text as one line to edit on: a command is one line, so the lines an editor
    /// leaves are joined by spaces, tabs become spaces, other control characters go, and the
    /// spaces at the ends (the final newline editors add) are trimmed.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": out.unicodeScalars.append(" ")
            default:
                if scalar.value >= 0x20, scalar.value != 0x7F, !(0x80...0x9F).contains(scalar.value) { out.unicodeScalars.append(scalar) }
            }
        }
        let trimmed = out.drop { $0 == " " }
        return String(trimmed.reversed().drop { $0 == " " }.reversed())
    }
}
