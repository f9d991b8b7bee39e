/// Word wrapping by display width. A word longer than the width is broken across lines,
/// never cut: a long title must be readable whole. A URL is not broken but given a line of
/// its own, for the terminal to wrap: copied from there it comes back whole.
public enum TextWrap {
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let pieces = word.contains("://") ? [word] : DisplayWidth.split(word, every: width)
            for piece in pieces {
                if current.isEmpty {
                    current = piece
                } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(piece) <= width {
                    current += " " + piece
                } else {
                    lines.append(current)
                    current = piece
                }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
