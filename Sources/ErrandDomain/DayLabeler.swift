import Foundation

/// Turns a day into its short label ("Sun Nov 29"). English and the C/POSIX locales take a
/// hand-written path because DateFormatter costs milliseconds to build at start-up; any other
/// locale gets the platform's localized weekday-month-day pattern.
public final class DayLabeler: @unchecked Sendable {
    // @unchecked: the formatter is built once and only read; DateFormatter is not thread-safe
    // for mutation, which never happens after init.
    private let formatter: DateFormatter?

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `localeIdentifier` as found in LC_ALL / LC_TIME / LANG (`fr_FR.UTF-8`); nil, empty, C,
    /// POSIX and English locales give "Sun Nov 29".
    public init(localeIdentifier: String?) {
        let id = (localeIdentifier ?? "").split(separator: ".").first.map(String.init) ?? ""
        if id.isEmpty || id == "C" || id == "POSIX" || id.hasPrefix("en") {
            formatter = nil
        } else {
            let f = DateFormatter()
            f.locale = Locale(identifier: id)
            f.timeZone = TimeZone(identifier: "UTC")
            f.setLocalizedDateFormatFromTemplate("EEEMMMd")
            formatter = f
        }
    }

    public static let english = DayLabeler(localeIdentifier: nil)

    public func label(_ day: DueDay) -> String {
        guard let formatter else {
            let c = day.civil
            return DayLabeler.weekdays[day.weekday] + " " + DayLabeler.months[c.month - 1] + " " + String(c.day)
        }
        let date = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 43_200)
        return formatter.string(from: date).replacingOccurrences(of: ",", with: "")
    }

    /// An item's day as a list shows it: "No date" for an item without one.
    public func label(_ day: DueDay?) -> String {
        day.map { label($0) } ?? DayLabeler.noDate
    }

    public func longLabel(_ day: DueDay?) -> String {
        day.map { longLabel($0) } ?? DayLabeler.noDate
    }

    public static let noDate = "No date"

    /// The label with its year, for detail screens ("Sun Nov 29 2026").
    public func longLabel(_ day: DueDay) -> String {
        label(day) + " " + String(day.year)
    }
}
