/// Each day's open count as a bar of block characters, proportional, the longest filling
/// `room` cells; eighth blocks keep small differences visible. A day with items always gets
/// at least a sliver.
struct WeekBars {
    let longest: Int
    let room: Int

    /// nil when there is nothing to draw or no room to draw it in.
    init?(counts: [Int], room: Int) {
        guard let longest = counts.max(), longest > 0, room >= 4 else { return nil }
        self.longest = longest
        self.room = room
    }

    func bar(_ count: Int) -> String {
        guard count > 0 else { return "" }
        let eighths = max(1, (count * room * 8 + longest / 2) / longest)
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }
}
