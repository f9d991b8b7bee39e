import ErrandDomain

/// `board`: the columns side by side, each as wide as the terminal allows (80 outside one),
/// rows numbered as the listing holds them; a cut column says how many more it has.
extension TextPresenter {
    func board(_ columns: [BoardColumn]) -> [String] {
        guard columns.contains(where: { $0.total > 0 }) else { return [style("Board", "1"), "  nothing here: create TITLE adds one"] }
        let width = self.width ?? TextPresenter.readingWidth
        let gap = 2
        let widths = TextPresenter.boardWidths(columns, width: width, gap: gap)
        let last = columns.map { $0.first + $0.rows.count - 1 }.max() ?? 1
        let numberWidth = String(max(last, 1)).count
        var out = [style("Board", "1")]
        out.append(joined(zip(columns, widths).map { column, columnWidth in
            style(DisplayWidth.pad(DisplayWidth.truncate(TextPresenter.boardHeading(column, width: columnWidth), to: columnWidth),
                                   to: columnWidth), "1")
        }, gap: gap))
        let depth = columns.map { $0.rows.count + ($0.total > $0.rows.count ? 1 : 0) }.max() ?? 0
        for line in 0..<depth {
            out.append(joined(zip(columns, widths).map { column, columnWidth in
                boardCell(column, line: line, width: columnWidth, numberWidth: numberWidth)
            }, gap: gap))
        }
        // Under the board, the find that lists each cut column whole.
        for column in columns where column.total > column.rows.count {
            out.append(clip("\(column.heading): find \(column.query) lists all \(column.total)"))
        }
        return out
    }

    private func boardCell(_ column: BoardColumn, line: Int, width: Int, numberWidth: Int) -> String {
        guard column.rows.indices.contains(line) else {
            let more = column.total - column.rows.count
            guard line == column.rows.count, more > 0 else { return String(repeating: " ", count: width) }
            return DisplayWidth.pad(DisplayWidth.truncate("  +\(more) more", to: width), to: width)
        }
        let item = column.rows[line]
        let number = String(column.first + line)
        var text = String(repeating: " ", count: max(0, numberWidth - number.count)) + number + " "
        if let priority = item.priority { text += ItemField.priorityMark(priority) + " " }
        text += DisplayWidth.sanitize(item.title)
        if !item.isDone {
            if let progress = item.progress { text += " \(progress)%" }
            // The day where a column has room for it beside a title.
            if let day = item.listDay, width >= 28 { text += " · " + labeler.label(day) }
        }
        let cell = DisplayWidth.pad(DisplayWidth.truncate(text, to: width), to: width)
        switch column.state {
        case .done: return style(cell, "2")
        case .cancelled: return style(cell, "2;9")
        case .toDo, .started: return cell
        }
    }

    /// An empty column is as wide as its heading; the others share what is left.
    static func boardWidths(_ columns: [BoardColumn], width: Int, gap: Int) -> [Int] {
        // At a narrow terminal, its short heading (`Done 0`).
        let room = width >= 60 ? Int.max : 0
        let empty = columns.map { $0.total == 0 ? DisplayWidth.of(boardHeading($0, width: room)) : nil }
        let left = width - gap * (columns.count - 1) - empty.compactMap { $0 }.reduce(0, +)
        let sharing = max(1, empty.filter { $0 == nil }.count)
        return empty.map { $0 ?? max(6, left / sharing) }
    }

    /// `In progress (2)`, or where that does not fit, a shorter name and the count (`Doing 2`).
    static func boardHeading(_ column: BoardColumn, width: Int) -> String {
        let full = "\(column.heading) (\(column.total))"
        guard DisplayWidth.of(full) > width else { return full }
        let short = switch column.state {
        case .toDo: "To do"
        case .started: "Doing"
        case .done: "Done"
        case .cancelled: "Dropped"
        }
        return "\(short) \(column.total)"
    }

    /// Cells side by side; the last one's trailing spaces dropped.
    private func joined(_ cells: [String], gap: Int) -> String {
        var line = cells.joined(separator: String(repeating: " ", count: gap))
        while line.last == " " { line.removeLast() }
        return line
    }
}
