/// Ctrl-R's search as a value: what is typed, the ranked lines (HistoryRanking), the one
/// picked, and the rows drawn under the prompt. LineEditor feeds it keys and writes what it
/// draws; the tests do the same without a terminal.
struct HistoryPicker {
    enum Outcome: Equatable {
        case searching
        case take(String)
        case cancel
    }

    private(set) var typed: String
    private(set) var picked = 0
    private(set) var matches: [String] = []
    private let lines: [String]
    /// Rows of matches shown at most.
    let rows: Int

    init(typed: String, newestFirst lines: [String], rows: Int) {
        self.typed = typed
        self.lines = lines
        self.rows = max(1, rows)
        rank()
    }

    /// More than a screen's worth is never needed: the list scrolls within these.
    static let ranked = 200

    private mutating func rank() {
        matches = HistoryRanking.ranked(typed, newestFirst: lines, limit: HistoryPicker.ranked)
        picked = 0
    }

    mutating func press(_ key: PickerKey) -> Outcome {
        switch key {
        case let .text(text):
            typed += text
            rank()
        case .erase:
            guard !typed.isEmpty else { return .searching }
            typed.removeLast()
            rank()
        case .up: picked = max(0, picked - 1)
        case .down: picked = min(max(0, matches.count - 1), picked + 1)
        case .take:
            guard matches.indices.contains(picked) else { return .cancel }
            return .take(matches[picked])
        case .cancel: return .cancel
        case .ignored: break
        }
        return .searching
    }

    /// The rows to draw, first the search line, then the matches shown (the picked one among
    /// them), each cut to `width` so none wraps; and the columns of the search line up to the
    /// cursor. `colour`: the picked row in reverse video, else marked `>` alone.
    func drawn(width: Int, colour: Bool) -> (rows: [String], cursorColumn: Int) {
        let room = max(1, width - 1)
        let label = "search: "
        let count = matches.isEmpty ? "  no match" : "  \(picked + 1) of \(matches.count)\(matches.count == HistoryPicker.ranked ? "+" : "")"
        let query = HistoryPicker.tail(typed, room: room - label.count - count.count)
        var rows = [label + query.text + count]
        let first = max(0, picked - self.rows + 1)
        for (index, line) in matches.enumerated().dropFirst(first).prefix(self.rows) {
            var shown = HistoryPicker.head(line, room: room - 2).text
            if colour { shown = HistoryPicker.bold(HistoryRanking.matched(typed, in: line), in: shown) }
            if index == picked {
                rows.append(colour ? "\u{1B}[7m> " + shown + "\u{1B}[0m" : "> " + shown)
            } else {
                rows.append("  " + shown)
            }
        }
        return (rows, label.count + query.columns)
    }

    /// `text` with the letters at `positions` (scalar offsets) in bold: what was typed, seen in
    /// each line (bold off with 22, so the picked row's reverse video stays on).
    static func bold(_ positions: Set<Int>, in text: String) -> String {
        guard !positions.isEmpty else { return text }
        var out = "", on = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if positions.contains(offset) != on {
                on.toggle()
                out += on ? "\u{1B}[1m" : "\u{1B}[22m"
            }
            out.unicodeScalars.append(scalar)
        }
        return on ? out + "\u{1B}[22m" : out
    }

    /// As much of `text` from its start as fits in `room` columns, whole characters.
    static func head(_ text: String, room: Int) -> (text: String, columns: Int) {
        var shown = "", columns = 0
        for scalar in text.unicodeScalars {
            let w = LineEditor.columns(String(scalar)) ?? 1
            guard columns + w <= room else { break }
            shown.unicodeScalars.append(scalar)
            columns += w
        }
        return (shown, columns)
    }

    /// Its end, as much as fits: what is being typed stays in sight.
    static func tail(_ text: String, room: Int) -> (text: String, columns: Int) {
        let reversed = head(String(String.UnicodeScalarView(text.unicodeScalars.reversed())), room: max(0, room))
        return (String(String.UnicodeScalarView(reversed.text.unicodeScalars.reversed())), reversed.columns)
    }
}
