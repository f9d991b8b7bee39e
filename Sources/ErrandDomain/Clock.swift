import Foundation

/// What "today" and "now" are. The program, tests and scripts can pin today
/// (`--today YYYY-MM-DD`, `ERRAND_TODAY`) so that output is reproducible.
public struct Clock: Sendable {
    public let timeZone: TimeZone
    private let fixedToday: DueDay?
    private let source: @Sendable () -> Date

    public init(timeZone: TimeZone = .current, fixedToday: DueDay? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.timeZone = timeZone
        self.fixedToday = fixedToday
        self.source = now
    }

    public static func fixed(_ day: DueDay, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> Clock {
        // Noon of the pinned day, so "now" and "today" agree in every time zone within ±12h.
        Clock(timeZone: timeZone, fixedToday: day) {
            Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 43_200)
        }
    }

    public var now: Date { source() }

    public var today: DueDay { fixedToday ?? day(of: now) }

    /// The calendar day a moment falls on in this clock's time zone.
    public func day(of date: Date) -> DueDay {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return DueDay(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// Minutes after local midnight of a moment.
    public func time(of date: Date) -> TimeOfDay? {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let seconds = local - (local / 86_400).rounded(.down) * 86_400
        return TimeOfDay(minutes: Int(seconds / 60))
    }

    /// The moment a local day and time begin, for exports that want a Date.
    public func date(of day: DueDay, at time: TimeOfDay?) -> Date {
        let local = Double(day.dayNumber) * 86_400 + Double((time?.minutes ?? 0) * 60)
        let guess = Date(timeIntervalSince1970: local)
        let offset = timeZone.secondsFromGMT(for: guess)
        return Date(timeIntervalSince1970: local - Double(offset))
    }
}
