/// How an item repeats: checking it marks this occurrence done and creates the next one.
/// From the due day (org-mode's `++`), the next occurrence is the due day moved on by whole
/// steps, at least one, until it is after today: a month of missed dailies becomes one new
/// item, not thirty. `afterDone` (org-mode's `.+`) counts one step from the day it was checked.
/// Months and years keep the day they started on: monthly from Jan 31 is Feb 28 (or 29),
/// then Mar 31.
public struct Repeat: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable {
        case day, weekday, week, month, year
    }

    public let unit: Unit
    /// Steps of `unit` between occurrences (`every 2 weeks`), 1 to 999.
    public let count: Int
    public let afterDone: Bool
    /// The day of the month (months) or the month and day (years) occurrences keep.
    public struct Anchor: Hashable, Sendable {
        public let month: Int
        public let day: Int
    }

    public let anchor: Anchor?
    /// A rule richer than a unit and a count (RecurrenceRule): then libical, in the iCalendar
    /// helper, finds its occurrences, and `next(after:checkedOn:)` is never asked (Move checks
    /// such an item as an occurrence of its series); `unit` and `count` only echo its FREQ and
    /// INTERVAL.
    public let rule: RecurrenceRule?

    public init?(unit: Unit, count: Int = 1, afterDone: Bool = false, from due: DueDay? = nil) {
        guard (1...999).contains(count) else { return nil }
        self.unit = unit
        self.count = count
        self.afterDone = afterDone
        anchor = due.flatMap { unit == .month || unit == .year ? Anchor(month: $0.month, day: $0.day) : nil }
        rule = nil
    }

    /// A rich rule; never after done (libical counts a series from its start, not from a check).
    public init(rule: RecurrenceRule) {
        let units: [String: Unit] = ["DAILY": .day, "WEEKLY": .week, "MONTHLY": .month, "YEARLY": .year]
        unit = rule.parts["FREQ"].flatMap { units[$0] } ?? .day
        count = min(999, max(1, rule.interval))
        afterDone = false
        anchor = nil
        self.rule = rule
    }

    /// The same unit and count as a rule, to carry an UNTIL or a COUNT (`--until`, `--times`).
    public var asRule: RecurrenceRule? {
        if let rule { return rule }
        let freq = ["day": "DAILY", "weekday": "WEEKLY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"][unit.rawValue] ?? "DAILY"
        return RecurrenceRule("FREQ=\(freq)" + (count > 1 ? ";INTERVAL=\(count)" : "") + (unit == .weekday ? ";BYDAY=MO,TU,WE,TH,FR" : ""))
    }

    /// `day`, `weekday`, `week`, `month`, `year`, or a count and a unit: `2 weeks`, `3 days`.
    /// Or a rule said in words (RecurrenceRule(every:)): `2nd tuesday`, `last friday`, never
    /// after done.
    public init?(text: String, afterDone: Bool = false, from due: DueDay? = nil) {
        let words = text.lowercased().split(separator: " ")
        let count = words.count == 2 ? Int(words[0]) : 1
        if let count, let last = words.last, words.count <= 2,
           let unit = Unit(rawValue: String(last.hasSuffix("s") ? last.dropLast() : last)) {
            guard let made = Repeat(unit: unit, count: count, afterDone: afterDone, from: due) else { return nil }
            self = made
            return
        }
        guard !afterDone, let rule = RecurrenceRule(every: text) else { return nil }
        self = Repeat(rule: rule)
    }

    /// What `--every` accepts, for help and completion.
    public static let examples = ["day", "weekday", "week", "2 weeks", "month", "year"] + RecurrenceRule.examples

    /// The next occurrence's due day, for an occurrence due `due` and checked `today`.
    public func next(after due: DueDay, checkedOn today: DueDay) -> DueDay {
        if afterDone { return step(today, by: 1) }
        switch unit {
        case .day, .week:
            let length = count * (unit == .week ? 7 : 1)
            let steps = max(1, (today.dayNumber - due.dayNumber) / length + 1)
            return due.adding(days: steps * length)
        case .weekday, .month, .year:
            var steps = 1
            while step(due, by: steps) <= today { steps += 1 }
            return step(due, by: steps)
        }
    }

    /// `n` steps on from `day`.
    func step(_ day: DueDay, by n: Int) -> DueDay {
        switch unit {
        case .day: return day.adding(days: n * count)
        case .week: return day.adding(days: n * count * 7)
        case .weekday:
            var result = day
            var left = n * count
            while left > 0 {
                result = result.adding(days: 1)
                if result.weekday != 0, result.weekday != 6 { left -= 1 }
            }
            return result
        case .month, .year:
            let months = n * count * (unit == .year ? 12 : 1)
            let total = day.year * 12 + day.month - 1 + months
            let year = total / 12, month = total % 12 + 1
            // The anchor's day, not the day stepped from: Jan 31, Feb 28, then Mar 31.
            let last = DueDay.daysIn(month: month, year: year)
            // Past 9999 there is no civil day: a day past the range, which validation refuses
            // (returning `day` itself made next(after:) loop for ever).
            return DueDay(year: year, month: month, day: min(anchor?.day ?? day.day, last))
                ?? DueDay(dayNumber: DueDay.supportedDayNumbers.upperBound + 1)
        }
    }

    public var description: String {
        if let rule { return rule.words }
        let every = count == 1 ? "every \(unit.rawValue)" : "every \(count) \(unit.rawValue)s"
        return every + (afterDone ? " after done" : "")
    }

    /// How a store keeps it: `2 week`, `+1 month 1-31` (`+` for after done, then the anchor).
    public var stored: String {
        if let rule { return "rule " + rule.text }
        return (afterDone ? "+" : "") + "\(count) \(unit.rawValue)" + (anchor.map { " \($0.month)-\($0.day)" } ?? "")
    }

    /// Reads `stored` back; nil for anything else.
    public init?(stored text: String) {
        if text.hasPrefix("rule ") {
            guard let rule = RecurrenceRule(String(text.dropFirst(5))) else { return nil }
            self = Repeat(rule: rule)
            return
        }
        let afterDone = text.hasPrefix("+")
        let words = text.dropFirst(afterDone ? 1 : 0).split(separator: " ")
        guard words.count == 2 || words.count == 3, let count = Int(words[0]),
              let unit = Unit(rawValue: String(words[1])), (1...999).contains(count) else { return nil }
        self.unit = unit
        self.count = count
        self.afterDone = afterDone
        if words.count == 3 {
            let parts = words[2].split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...12).contains(parts[0]), (1...31).contains(parts[1]) else { return nil }
            anchor = Anchor(month: parts[0], day: parts[1])
        } else {
            anchor = nil
        }
        rule = nil
    }
}
