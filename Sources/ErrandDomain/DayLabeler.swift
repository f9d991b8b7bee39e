#if canImport(Glibc)
import Glibc
#endif

/// Turns a day into its short label ("Sun Nov 29"). English and the C/POSIX locales take a
/// hand-written path; any other locale gets its abbreviated day and month names from the C
/// library (`strftime_l` under that locale's LC_TIME), in the order of the locale's own date
/// format, as `date` prints them. Foundation's DateFormatter did this before, and linked 38 MB
/// of ICU data into errand for it.
public final class DayLabeler: @unchecked Sendable {
    // @unchecked: the locale handle is made once and only read; strftime_l and nl_langinfo_l
    // take it as an argument and touch no global state.
    private let locale: locale_t?
    /// The process's own LC_TIME is this locale (errand sets it from the environment at start):
    /// strftime under it. A statically linked glibc (the release build) cannot load a second
    /// locale with newlocale, so the process's is the one that works there.
    private let usesProcessLocale: Bool
    private let pattern: String

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `localeIdentifier` as found in LC_ALL / LC_TIME / LANG (`fr_FR.UTF-8`); nil, empty, C,
    /// POSIX and English locales give "Sun Nov 29", and so does a locale the system does not
    /// have (`locale -a` lists those it has), as in every other C program.
    public init(localeIdentifier: String?) {
        let id = localeIdentifier ?? ""
        let language = id.split(separator: ".").first.map(String.init) ?? ""
        var handle: locale_t?
        var processLocale = false
        var format: String?
        if !(language.isEmpty || language == "C" || language == "POSIX" || language.hasPrefix("en")) {
            if let current = setlocale(LC_TIME, nil), String(cString: current) == id {
                processLocale = true
                format = String(cString: nl_langinfo(nl_item(_DATE_FMT)))
            } else if let made = newlocale(LC_TIME_MASK, id, nil) {
                handle = made
                format = String(cString: nl_langinfo_l(nl_item(_DATE_FMT), made))
            }
        }
        locale = handle
        usesProcessLocale = processLocale
        inputWords = DayLabeler.names(locale: handle, usesProcessLocale: processLocale)
        pattern = format.map { DayLabelPattern(dateFormat: $0).strftime } ?? ""
    }

    deinit {
        if let locale { freelocale(locale) }
    }

    public static let english = DayLabeler(localeIdentifier: nil)

    public func label(_ day: DueDay) -> String {
        let c = day.civil
        guard locale != nil || usesProcessLocale else {
            return DayLabeler.weekdays[day.weekday] + " " + DayLabeler.months[c.month - 1] + " " + String(c.day)
        }
        var parts = tm()
        parts.tm_year = Int32(truncatingIfNeeded: c.year - 1900)
        parts.tm_mon = Int32(c.month - 1)
        parts.tm_mday = Int32(c.day)
        parts.tm_wday = Int32(day.weekday)
        var buffer = [CChar](repeating: 0, count: 256)
        let count = if let locale {
            strftime_l(&buffer, buffer.count, pattern, &parts, locale)
        } else {
            strftime(&buffer, buffer.count, pattern, &parts)
        }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An item's day as a list shows it: "No date" for an item without one.
    public func label(_ day: DueDay?) -> String {
        day.map { label($0) } ?? DayLabeler.noDate
    }

    public func longLabel(_ day: DueDay?) -> String {
        day.map { longLabel($0) } ?? DayLabeler.noDate
    }

    public static let noDate = "No date"

    /// The locale's own day and month names, full and abbreviated, for input; empty for
    /// English and the C locale (the parser's own words cover them). Read once, at start.
    public let inputWords: LocalDateWords

    static func names(locale: locale_t?, usesProcessLocale: Bool) -> LocalDateWords {
        guard locale != nil || usesProcessLocale else { return LocalDateWords() }
        func name(_ item: Int32) -> String {
            let text = if let locale { nl_langinfo_l(nl_item(item), locale) } else { nl_langinfo(nl_item(item)) }
            return text.map { String(cString: $0) } ?? ""
        }
        var words = LocalDateWords()
        for month in 0..<12 {
            for item in [Int32(MON_1) + Int32(month), Int32(ABMON_1) + Int32(month)] {
                let key = LocalDateWords.key(name(item))
                if !key.isEmpty { words.months[key] = month + 1 }
            }
        }
        for day in 0..<7 {
            for item in [Int32(DAY_1) + Int32(day), Int32(ABDAY_1) + Int32(day)] {
                let key = LocalDateWords.key(name(item))
                if !key.isEmpty { words.weekdays[key] = day }
            }
        }
        return words
    }

    /// The label with its year, for detail screens ("Sun Nov 29 2026").
    public func longLabel(_ day: DueDay) -> String {
        label(day) + " " + String(day.year)
    }
}
