/// Reads the dates people type. Every form is relative to `today` (the clock's day):
///
/// | typed | means |
/// |---|---|
/// | `2026-12-01` | that day |
/// | `today`, `tod` | today |
/// | `tomorrow`, `tom`, `tmr` | today + 1 |
/// | `yesterday` | today - 1 |
/// | `monday` ... `sunday`, `mon` ... `sun` | the next such day strictly after today (on a Sunday, `sunday` is 7 days away) |
/// | `+3d`, `-2d`, `+2w`, `-1w` | that many days or weeks from today |
/// | `dec 1`, `1 dec`, `december 1` | the next Dec 1 on or after today (`day`, `week`: the nearest Dec 1) |
/// | `dec 1 2027`, `1 dec 2027` | that exact day |
///
/// Any of them may be followed by a time, `14:30`, `at 14:30`, `2pm` or `2:30pm`; a time alone
/// is today at that time; `2026-12-03T10:00` and `next friday` are read too. Words are English
/// and case-insensitive.
public enum DateInputParser {
    public struct Result: Equatable, Sendable {
        public let day: DueDay
        public let time: TimeOfDay?
        /// Days from today when typed as a shift (`+3d`, `-1w`), which `postpone` applies to an
        /// item's own due day instead.
        public var shift: Int?

        public init(day: DueDay, time: TimeOfDay?, shift: Int? = nil) {
            self.day = day
            self.time = time
            self.shift = shift
        }
    }

    static let weekdayWords: [String: Int] = [
        "sun": 0, "sunday": 0, "mon": 1, "monday": 1, "tue": 2, "tues": 2, "tuesday": 2,
        "wed": 3, "wednesday": 3, "thu": 4, "thur": 4, "thurs": 4, "thursday": 4,
        "fri": 5, "friday": 5, "sat": 6, "saturday": 6,
    ]
    static let monthWords: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
        "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
        "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
        "dec": 12, "december": 12,
    ]

    /// Words offered by completion after `--date`.
    public static let completionWords = ["today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday",
                                         "thursday", "friday", "saturday", "sunday", "+1d", "+1w"]

    /// `nearest`: for commands that look at days rather than plan them (`day`, `week`), a
    /// month and day without a year is the nearest such date, so `week dec 3` on Dec 5 is two
    /// days ago, not next year.
    /// `local`: the screen language's day and month names (DayLabeler.inputWords), read as
    /// the English ones are.
    public static func parse(_ text: String, today: DueDay, nearest: Bool = false,
                             local: LocalDateWords = LocalDateWords()) throws(DomainError) -> Result {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if !local.isEmpty {
            // A day as the screen shows it starts with its weekday: there the local name wins
            // (French `mar.` is Tuesday, not March).
            let weekdayFirst = words.count >= 3 ? words.first.flatMap { local.weekdays[LocalDateWords.key($0)] } : nil
            words = words.map { English.word($0, local) }
            if let weekdayFirst { words[0] = English.englishWeekdays[weekdayFirst] }
        }
        // `2026-12-03T10:00`, as ISO 8601 and other programs write it.
        if words.count == 1, let t = words[0].firstIndex(of: "t"), DueDay(iso: String(words[0][..<t])) != nil {
            words = [String(words[0][..<t]), String(words[0][words[0].index(after: t)...])]
        }
        var time: TimeOfDay?
        if let last = words.last, looksLikeTime(last) {
            guard let t = clockTime(last) else { throw .invalidTime(last) }
            time = t
            words.removeLast()
            // `tomorrow at 14:30`
            if words.last == "at" { words.removeLast() }
        }
        // `next friday` is the weekday alone: already the next one after today.
        if words.count == 2, words[0] == "next", weekdayWords[words[1]] != nil { words.removeFirst() }
        // As the screen shows a day (`Wed Dec 2`, `mer. 2 déc.`): the weekday must agree.
        var weekday: Int?
        if words.count >= 3, let day = weekdayWords[words[0]] {
            weekday = day
            words.removeFirst()
        }
        // A time alone is today at that time.
        if words.isEmpty, let time { return Result(day: today, time: time) }
        guard let day = parseDay(words, today: today, nearest: nearest), weekday.map({ $0 == day.weekday }) ?? true else {
            throw .invalidDate(text)
        }
        return Result(day: day, time: time, shift: words.count == 1 ? shift(words[0]) : nil)
    }

    /// A word of the screen's language as the English word that means the same.
    enum English {
        static func word(_ word: String, _ local: LocalDateWords) -> String {
            if weekdayWords[word] != nil || monthWords[word] != nil { return word }
            let key = LocalDateWords.key(word)
            if let month = local.months[key] { return englishMonths[month - 1] }
            if let day = local.weekdays[key] { return englishWeekdays[day] }
            return word
        }

        static let englishMonths = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        static let englishWeekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    }

    /// Whether a word is meant as a time of day (so a bad one is named as a time, not a date).
    static func looksLikeTime(_ word: String) -> Bool {
        word.contains(":") || (word.hasSuffix("am") || word.hasSuffix("pm")) && word.first?.isNumber == true
    }

    /// `14:30`, `9:05`, and the 12-hour `2pm`, `2:30pm`, `12am`.
    static func clockTime(_ word: String) -> TimeOfDay? {
        guard word.hasSuffix("am") || word.hasSuffix("pm") else { return TimeOfDay(text: word) }
        let afternoon = word.hasSuffix("pm")
        let clock = word.dropLast(2)
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let hourText = parts.first, (1...2).contains(hourText.count),
              let hour = DueDay.digits(ArraySlice(hourText.utf8)), (1...12).contains(hour) else { return nil }
        var minute = 0
        if parts.count == 2 {
            let minuteText = parts[1]
            guard minuteText.count == 2, let m = DueDay.digits(ArraySlice(minuteText.utf8)) else { return nil }
            minute = m
        }
        return TimeOfDay(hour: hour % 12 + (afternoon ? 12 : 0), minute: minute)
    }

    static func parseDay(_ words: [String], today: DueDay, nearest: Bool = false) -> DueDay? {
        switch words.count {
        case 1:
            let word = words[0]
            if let day = DueDay(iso: word) { return day }
            switch word {
            case "today", "tod": return today
            case "tomorrow", "tom", "tmr": return today.adding(days: 1)
            case "yesterday": return today.adding(days: -1)
            default: break
            }
            if let weekday = weekdayWords[word] {
                let ahead = (weekday - today.weekday + 7) % 7
                return today.adding(days: ahead == 0 ? 7 : ahead)
            }
            return relative(word, today: today)
        case 2, 3:
            return monthDay(words, today: today, nearest: nearest)
        default:
            return nil
        }
    }

    static func relative(_ word: String, today: DueDay) -> DueDay? {
        guard let days = shift(word) else { return nil }
        let result = today.adding(days: days)
        return (1...9999).contains(result.year) ? result : nil
    }

    /// `+3d`, `-2w`: how many days, or nil for any other word.
    static func shift(_ word: String) -> Int? {
        guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last,
              unit == "d" || unit == "w" else { return nil }
        let digits = word.dropFirst().dropLast()
        guard (1...5).contains(digits.count), let n = DueDay.digits(ArraySlice(digits.utf8)) else { return nil }
        return (unit == "w" ? n * 7 : n) * (sign == "-" ? -1 : 1)
    }

    static func monthDay(_ words: [String], today: DueDay, nearest: Bool = false) -> DueDay? {
        let month: Int
        let dayText: String
        if let m = monthWords[words[0]] {
            month = m
            dayText = words[1]
        } else if let m = monthWords[words[1]] {
            month = m
            dayText = words[0]
        } else {
            return nil
        }
        guard (1...2).contains(dayText.count), let day = DueDay.digits(ArraySlice(dayText.utf8)) else { return nil }
        if words.count == 3 {
            guard words[2].count == 4, let year = DueDay.digits(ArraySlice(words[2].utf8)) else { return nil }
            return DueDay(year: year, month: month, day: day)
        }
        if nearest {
            let candidates = (today.year - 1...today.year + 1).compactMap { DueDay(year: $0, month: month, day: day) }
            // Ties go to the future; Feb 29 with no leap year near falls through to look ahead.
            if let closest = candidates.min(by: { abs($0.dayNumber - today.dayNumber) < abs($1.dayNumber - today.dayNumber) }) {
                return closest
            }
        }
        // Without a year: this year's date if it is today or later, else next year's. Feb 29
        // looks ahead to the next leap year.
        var year = today.year
        for _ in 0..<8 {
            if let candidate = DueDay(year: year, month: month, day: day), candidate >= today { return candidate }
            year += 1
        }
        return nil
    }
}
