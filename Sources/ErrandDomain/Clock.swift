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
    /// Moments outside years 1...9999 (or not finite) are pinned to those bounds: a Date read
    /// from a file can hold anything, and converting it must never trap. Importers check the
    /// range first and refuse such entries; this only keeps every other caller safe.
    public func day(of date: Date) -> DueDay {
        DueDay(dayNumber: Int((Clock.localSeconds(date, timeZone) / 86_400).rounded(.down)))
    }

    /// Seconds since 1970 from year 1 to 9999: the span every Date is reduced to.
    public static let supportedSeconds: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799

    static func localSeconds(_ date: Date, _ timeZone: TimeZone) -> Double {
        let raw = date.timeIntervalSince1970
        guard raw.isFinite else { return 0 }
        let clamped = min(max(raw, supportedSeconds.lowerBound), supportedSeconds.upperBound)
        return clamped + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: clamped)))
    }

    /// Minutes after local midnight of a moment.
    public func time(of date: Date) -> TimeOfDay? {
        let local = Clock.localSeconds(date, timeZone)
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
