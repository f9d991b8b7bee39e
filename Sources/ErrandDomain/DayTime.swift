/// A day with a time or without, held as its ISO 8601 text (`2026-12-04`, `2026-12-04T09:00`):
/// that text sorts as the moments fall, so SQLite compares and indexes it as stored, and every
/// format (JSON, property list, the wire to errand-ical) carries it unchanged.
public struct DayTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let day: DueDay
    public let time: TimeOfDay?

    public init(day: DueDay, time: TimeOfDay? = nil) {
        self.day = day
        self.time = time
    }

    /// Exactly `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, a real day in the supported range.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, let day = DueDay(iso: first),
              DueDay.supportedDayNumbers.contains(day.dayNumber) else { return nil }
        var time: TimeOfDay?
        if parts.count == 2 {
            guard parts[1].count == 5, let t = TimeOfDay(text: parts[1]) else { return nil }
            time = t
        }
        self.init(day: day, time: time)
    }

    public var text: String { day.iso + (time.map { "T\($0)" } ?? "") }
    public var description: String { text }

    public static func < (a: DayTime, b: DayTime) -> Bool { a.text < b.text }
}
