/// A calendar day with no time zone attached: the day an item falls due as the user sees it.
///
/// Stored as a count of days since 1970-01-01 so that comparisons, ranges and index keys are
/// plain integers; the civil conversion is done by hand because Foundation's Calendar costs
/// microseconds per call and this sits on every listing's hot path.
public struct DueDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// Days from 0001-01-01 to 9999-12-31: what a stored day may hold.
    public static let supportedDayNumbers: ClosedRange<Int> = -719_162 ... 2_932_896

    /// nil when the triple is not a real date (Feb 30, month 13, ...).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= DueDay.daysIn(month: month, year: year),
              (1...9999).contains(year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45,
              let y = DueDay.digits(bytes[0..<4]), let m = DueDay.digits(bytes[5..<7]),
              let d = DueDay.digits(bytes[8..<10]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var civil: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// 0 = Sunday ... 6 = Saturday.
    public var weekday: Int {
        let r = (dayNumber + 4) % 7
        return r < 0 ? r + 7 : r
    }

    public func adding(days: Int) -> DueDay {
        DueDay(dayNumber: dayNumber + days)
    }

    public var iso: String {
        let c = civil
        return DueDay.pad(c.year, 4) + "-" + DueDay.pad(c.month, 2) + "-" + DueDay.pad(c.day, 2)
    }

    public var description: String { iso }

    public static func < (lhs: DueDay, rhs: DueDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        return value
    }

    public static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
