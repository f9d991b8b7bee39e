/// One line of the View tab's first screen: a day, its label and its open items.
public struct WeekRow: Equatable, Sendable {
    public let day: DueDay
    public let label: String
    public let count: Int

    public init(day: DueDay, label: String, count: Int) {
        self.day = day
        self.label = label
        self.count = count
    }

    /// The SwiftUI app's summary: `counts.count` consecutive days from `start`.
    public static func week(from start: DueDay, counts: [Int], labeler: DayLabeler) -> [WeekRow] {
        counts.enumerated().map { offset, count in
            let day = start.adding(days: offset)
            return WeekRow(day: day, label: labeler.label(day), count: count)
        }
    }
}
