/// The prompt's mark (its last character, `>`) as it tells whether Enter would refuse the line:
/// red while it would (bold red `>`), `!` where colour is off, back to plain once it would not.
/// A value, so its drawing is tested without a terminal; LineEditor writes what it returns.
struct PromptMark: Equatable {
    let prompt: String
    /// The line typed before the cursor: how many rows up the prompt's row is.
    let beforeCursor: String
    let refused: Bool
    let colour: Bool
    let width: Int

    /// What redraws the mark in place (save the cursor, up to the prompt's row, over to the
    /// mark, the mark, back), or nil when neither it nor the one drawn before is refused, or
    /// the text cannot be measured (a control character in it).
    func redraw(after wasRefused: Bool) -> String? {
        guard refused || wasRefused, let at = prompt.lastIndex(where: { $0 != " " }),
              let column = LineEditor.columns(String(prompt[..<at])), let before = LineEditor.columns(beforeCursor),
              let promptColumns = LineEditor.columns(prompt) else { return nil }
        let rowsUp = (promptColumns + before) / max(1, width)
        let plain = String(prompt[at])
        let mark = refused ? (colour ? "\u{1B}[1;31m" + plain + "\u{1B}[0m" : "!") : plain
        return "\u{1B}7" + (rowsUp > 0 ? "\u{1B}[\(rowsUp)A" : "") + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "") + mark + "\u{1B}8"
    }
}
