/// How much of a suggestion is drawn after the cursor: what fits on the row the prompt and the
/// typed line leave (one column kept free, so nothing wraps), whole characters only.
enum SuggestionFit {
    /// The text to draw dimmed and its width in columns; nil when nothing fits or the line
    /// cannot be measured.
    static func shown(_ rest: String, after line: String, width: Int) -> (text: String, columns: Int)? {
        guard let used = LineEditor.columns(line) else { return nil }
        let room = width - 1 - used
        var shown = ""
        var columns = 0
        for scalar in rest.unicodeScalars {
            guard let w = LineEditor.columns(String(scalar)), columns + w <= room else { break }
            shown.unicodeScalars.append(scalar)
            columns += w
        }
        return columns > 0 ? (shown, columns) : nil
    }
}
