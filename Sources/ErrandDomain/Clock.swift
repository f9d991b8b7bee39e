import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What "today" and "now" are. The program, tests and scripts can pin today
/// (`--today YYYY-MM-DD`, `ERRAND_TODAY`) so that output is reproducible.
public struct Clock: Sendable {
    /// nil: the system's zone, through the C library (localtime_r honours TZ): errand links
    /// FoundationEssentials only, whose TimeZone knows no zone but GMT without ICU. Tests pass
    /// Foundation's zones (their processes link ICU).
    private let zone: TimeZone?
    private let fixedToday: DueDay?
    private let source: @Sendable () -> Date

    public init(timeZone: TimeZone? = nil, fixedToday: DueDay? = nil,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.zone = timeZone
        self.fixedToday = fixedToday
        self.source = now
    }

    /// The zone's name for people ("Europe/Paris"), as Foundation's TimeZone.current named it.
    public var zoneName: String { zone?.identifier ?? LocalZoneName.current }

    /// Pinned to a day, in GMT unless told otherwise (a fixed offset: FoundationEssentials has
    /// no zone names without ICU, and transcripts must not depend on TZ).
    public static func fixed(_ day: DueDay, timeZone: TimeZone? = TimeZone(secondsFromGMT: 0)) -> Clock {
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
        DueDay(dayNumber: Int((Clock.localSeconds(date, zone) / 86_400).rounded(.down)))
    }

    /// Seconds since 1970 from year 1 to 9999: the span every Date is reduced to.
    public static let supportedSeconds: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799

    static func localSeconds(_ date: Date, _ zone: TimeZone?) -> Double {
        let raw = date.timeIntervalSince1970
        guard raw.isFinite else { return 0 }
        let clamped = min(max(raw, supportedSeconds.lowerBound), supportedSeconds.upperBound)
        return clamped + Double(offset(at: clamped, zone))
    }

    /// Seconds east of UTC at a moment (clamped to years 1...9999 by the callers).
    public func offset(at seconds: Double) -> Int { Clock.offset(at: seconds, zone) }

    static func offset(at seconds: Double, _ zone: TimeZone?) -> Int {
        if let zone { return zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)) }
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// Minutes after local midnight of a moment.
    public func time(of date: Date) -> TimeOfDay? {
        let local = Clock.localSeconds(date, zone)
        let seconds = local - (local / 86_400).rounded(.down) * 86_400
        return TimeOfDay(minutes: Int(seconds / 60))
    }

    /// The moment a local day and time begin, for exports that want a Date.
    public func date(of day: DueDay, at time: TimeOfDay?) -> Date {
        let local = Double(day.dayNumber) * 86_400 + Double((time?.minutes ?? 0) * 60)
        let offset = Clock.offset(at: local, zone)
        return Date(timeIntervalSince1970: local - Double(offset))
    }
}
