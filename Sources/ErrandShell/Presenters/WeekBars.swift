/// Each day's open count as a bar of block characters: a cell an item, so three days of one
/// item each read as three small bars, not three full ones; scaled down, in eighth blocks so
/// small differences stay visible, only when the busiest day would not fit in `room` cells.
/// A day with items always gets at least a sliver.
struct WeekBars {
    let longest: Int
    /// Cells for the busiest day's bar; nil when there is no limit (not a terminal).
    let room: Int?

    /// nil when there is nothing to draw or too little room to draw it in.
    init?(counts: [Int], room: Int?) {
        guard let longest = counts.max(), longest > 0 else { return nil }
        if let room, room < min(longest, 4) { return nil }
        self.longest = longest
        self.room = room
    }

    func bar(_ count: Int) -> String {
        guard count > 0 else { return "" }
        guard let room, longest > room else { return String(repeating: "█", count: count) }
        let eighths = max(1, (count * room * 8 + longest / 2) / longest)
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }
}
