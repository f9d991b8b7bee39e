import Foundation

/// Days as the model counts them: a day number, today pinned to Sun Dec 6 2026, written as ISO.
enum ModelDay {
    static let today = number(2026, 12, 6)

    private static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(secondsFromGMT: 0) ?? c.timeZone
        return c
    }()

    private static let epoch = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1)) ?? Date(timeIntervalSince1970: 0)

    static func number(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? epoch
        return calendar.dateComponents([.day], from: epoch, to: date).day ?? 0
    }

    static func iso(_ number: Int) -> String {
        let date = calendar.date(byAdding: .day, value: number, to: epoch) ?? epoch
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
