/// An RFC 5545 rule richer than Errand's own units (the 2nd Tuesday, the last Friday, five
/// times, until a day), kept as its RRULE text. Its occurrences are libical's to compute
/// (icalrecur_iterator, in the iCalendar helper): this type only carries the text, reads its
/// parts to say it in words, and builds it from words a person types. It never computes a day.
public struct RecurrenceRule: Hashable, Sendable {
    /// The RRULE value as libical wrote it back (`FREQ=MONTHLY;COUNT=5;BYDAY=2TU`).
    public let text: String
    /// Its NAME=VALUE parts, names upper-cased.
    public let parts: [String: String]

    /// nil for text that is not NAME=VALUE parts with a FREQ of DAILY to YEARLY: rules by the
    /// hour, minute or second have no day to be due on. Whether libical takes it is the
    /// helper's to say (CalendarHelper.checkRule).
    public init?(_ text: String) {
        let trimmed = text.trimmingPrefix("RRULE:").filter { !$0.isWhitespace }
        var parts: [String: String] = [:]
        for piece in trimmed.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, !pair[1].isEmpty, parts.updateValue(String(pair[1]).uppercased(), forKey: pair[0].uppercased()) == nil
            else { return nil }
        }
        guard let freq = parts["FREQ"], RecurrenceRule.frequencies[freq] != nil, trimmed.count <= 512 else { return nil }
        self.text = trimmed.uppercased()
        self.parts = parts
    }

    static let frequencies = ["DAILY": ("day", "days"), "WEEKLY": ("week", "weeks"), "MONTHLY": ("month", "months"),
                              "YEARLY": ("year", "years")]
    static let dayNames = ["MO": "Monday", "TU": "Tuesday", "WE": "Wednesday", "TH": "Thursday", "FR": "Friday",
                           "SA": "Saturday", "SU": "Sunday"]
    static let dayOrder = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public var interval: Int { parts["INTERVAL"].flatMap { Int($0) } ?? 1 }
    public var count: Int? { parts["COUNT"].flatMap { Int($0) } }
    /// UNTIL's day (a date or the date of a date-time: the rule's days are what Errand shows).
    public var until: DueDay? {
        guard let value = parts["UNTIL"], value.count >= 8 else { return nil }
        let digits = value.prefix(8)
        guard let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)), let d = Int(digits.suffix(2)) else { return nil }
        return DueDay(year: y, month: m, day: d)
    }

    /// The rule in words: `every 2nd Tuesday of the month, 5 times`, `every weekday until Dec 31
    /// 2026`, `every 3 months on the 15th`, `every year on Feb 29`. A part that has no words
    /// here (BYWEEKNO, BYYEARDAY, BYSETPOS on anything but weekdays) is named as the RRULE.
    public var words: String {
        let freq = parts["FREQ"] ?? "DAILY"
        let (one, many) = RecurrenceRule.frequencies[freq] ?? ("day", "days")
        let every = interval == 1 ? "every " + one : "every \(interval) " + many
        var said: Set<String> = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST"]
        var text = every
        let days = (parts["BYDAY"] ?? "").split(separator: ",").map(String.init)
        let monthDays = (parts["BYMONTHDAY"] ?? "").split(separator: ",").map(String.init)
        let months = (parts["BYMONTH"] ?? "").split(separator: ",").compactMap { Int($0) }
        let position = parts["BYSETPOS"].flatMap { Int($0) }
        if !days.isEmpty, let named = RecurrenceRule.dayWords(days, position: position, freq: freq, interval: interval) {
            text = named
            said.formUnion(["BYDAY", "BYSETPOS"])
        }
        if !monthDays.isEmpty, monthDays.allSatisfy({ Int($0) != nil }) {
            // A yearly rule with month days and no months falls on them in every month (RFC
            // 5545 expands BYMONTHDAY over the year): said so, not as once a year.
            let everyMonth = freq == "YEARLY" && parts["BYMONTH"] == nil && days.isEmpty
            text += " on the " + RecurrenceRule.list(monthDays.compactMap { Int($0) }.map(RecurrenceRule.monthDay))
                + (everyMonth ? " of every month" : "")
            said.insert("BYMONTHDAY")
        }
        if !months.isEmpty, months.allSatisfy({ (1...12).contains($0) }) {
            let names = months.map { RecurrenceRule.monthNames[$0 - 1] }
            if monthDays.count == 1, let day = Int(monthDays[0]), day > 0, freq == "YEARLY", interval == 1, days.isEmpty {
                text = "every year on \(RecurrenceRule.list(names)) \(day)"
            } else {
                text += " in " + RecurrenceRule.list(names)
            }
            said.insert("BYMONTH")
        }
        let rest = parts.keys.filter { !said.contains($0) }.sorted()
        if !rest.isEmpty { text += " (" + rest.map { "\($0)=\(parts[$0] ?? "")" }.joined(separator: ";") + ")" }
        if let count { text += count == 1 ? ", once" : ", \(count) times" }
        if let until { text += " until \(RecurrenceRule.monthNames[until.month - 1]) \(until.day) \(until.year)" }
        return text
    }

    /// BYDAY in words, or nil where they would not say it right.
    static func dayWords(_ days: [String], position: Int?, freq: String, interval: Int) -> String? {
        let plain = days.allSatisfy { dayNames[$0] != nil }
        let weekdays = Set(days) == ["MO", "TU", "WE", "TH", "FR"]
        if plain, weekdays, let position, freq == "MONTHLY", interval == 1 {
            return "on the \(ordinal(position)) weekday of each month"
        }
        guard position == nil else { return nil }
        if plain {
            let sorted = days.sorted { (dayOrder.firstIndex(of: $0) ?? 0) < (dayOrder.firstIndex(of: $1) ?? 0) }
            let names = weekdays ? "weekday" : Set(days) == ["SA", "SU"] ? "weekend day"
                : list(sorted.compactMap { dayNames[$0] })
            switch freq {
            case "DAILY" where interval == 1, "WEEKLY" where interval == 1: return "every " + names
            case "WEEKLY": return "every \(interval) weeks on " + list(sorted.compactMap { dayNames[$0] })
            default: return nil
            }
        }
        // Positioned days (2TU, -1FR) are read in months (or a year's months with BYMONTH).
        guard days.count == 1, freq == "MONTHLY" || freq == "YEARLY", let name = dayNames[String(days[0].suffix(2))],
              let n = Int(days[0].dropLast(2)), n != 0 else { return nil }
        let each = freq == "YEARLY" ? "of the year" : interval == 1 ? "of each month" : "of every \(interval) months"
        return "on the \(ordinal(n)) \(name) \(each)"
    }

    /// 1st, 2nd, 3rd, 11th, 22nd; last, 2nd to last.
    static func ordinal(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < 0 { return ordinal(-n) + " to last" }
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    static func monthDay(_ n: Int) -> String { n == -1 ? "last day" : n < 0 ? ordinal(n) + " day" : ordinal(n) }

    static func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
