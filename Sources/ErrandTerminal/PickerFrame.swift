/// Where Ctrl-R's rows go: under the line being edited, the cursor on the search row while the
/// search is open, all of it erased after, the cursor back on the row libedit last left it on
/// (so its redraw of the line lands in place). Escape sequences as a value, tested as text.
struct PickerFrame {
    /// Rows from the cursor's row down to the line's last (a long line wraps).
    let rowsBelow: Int

    init(promptColumns: Int, beforeCursorColumns: Int, lineColumns: Int, width: Int) {
        let w = max(1, width)
        rowsBelow = max(0, (promptColumns + lineColumns) / w - (promptColumns + beforeCursorColumns) / w)
    }

    /// From the cursor to the first row under the line; at the screen's foot, the lines feed
    /// scrolls it, and every move after is relative.
    var opening: String { String(repeating: "\r\n", count: rowsBelow + 1) }

    /// The rows, from the search row down, the cursor then put back on the search row at `cursorColumn`.
    func drawing(_ rows: [String], cursorColumn: Int) -> String {
        "\r\u{1B}[J" + rows.joined(separator: "\r\n") + (rows.count > 1 ? "\u{1B}[\(rows.count - 1)A" : "")
            + "\r" + (cursorColumn > 0 ? "\u{1B}[\(cursorColumn)C" : "")
    }

    /// Erased, and back up to the cursor's row.
    var closing: String { "\r\u{1B}[J\u{1B}[\(rowsBelow + 1)A" }
}
