/// Word wrapping by display width; a word longer than the width is cut.
public enum TextWrap {
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let piece = DisplayWidth.truncate(word, to: width)
            if current.isEmpty {
                current = piece
            } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(piece) <= width {
                current += " " + piece
            } else {
                lines.append(current)
                current = piece
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
