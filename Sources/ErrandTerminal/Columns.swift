/// Lays candidate names out in columns, as shells list completions.
enum Columns {
    static func layout(_ items: [String], width: Int) -> String {
        let widest = items.map(\.count).max() ?? 0
        let columnWidth = widest + 2
        let perRow = max(1, width / max(columnWidth, 1))
        // Candidates that carry a description ("2  Buy milk") read as a list, one per line.
        if perRow == 1 || widest > 30 || items.contains(where: { $0.contains("  ") }) {
            return items.joined(separator: "\n")
        }
        var lines: [String] = []
        var line = ""
        for (index, item) in items.enumerated() {
            line += item + String(repeating: " ", count: columnWidth - item.count)
            if (index + 1) % perRow == 0 {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }
}
