import FoundationEssentials

/// One reminder of an item: some time before (or after) its due time or its start, or at a
/// moment. A moment is a local day and time, floating like the item's own due time, so a
/// reminder set for 08:00 still rings at 08:00 after the clocks change or the laptop crosses a
/// border. Its text (`text`, what stores, files and the wire hold) is canonical: an iCalendar
/// duration (`-PT30M`, `PT0S`), one from the start (`START:-PT15M`, as iCalendar's
/// `TRIGGER;RELATED=START:-PT15M`) or an ISO local moment (`2026-12-03T08:00`).
public enum Reminder: Hashable, Sendable {
    /// Seconds before the due time; negative is after it.
    case before(seconds: Int)
    /// Seconds before the start (TodoItem.start); negative is after it. Thunderbird and Apple
    /// write their alarms so on a task with a DTSTART: it moves with the start, not the due day.
    case beforeStart(seconds: Int)
    case at(DueDay, TimeOfDay)

    /// What a reminder from the start begins with in its canonical text.
    static let startPrefix = "START:"

    /// How far from its due time a reminder may be: a year covers every app's choices, and
    /// `P99999999D` (a server's runaway value) is refused instead of overflowing a date.
    public static let maxOffsetSeconds = 366 * 86_400
    public static let maxOffsetText = "a year"

    /// Counted from the due time or the start, not at a moment.
    public var isRelative: Bool {
        if case .at = self { return false }
        return true
    }

    /// Counted from the start (TodoItem.start).
    public var isFromStart: Bool {
        if case .beforeStart = self { return true }
        return false
    }

    /// The canonical text.
    public var text: String {
        switch self {
        case let .before(seconds):
            return Reminder.durationText(seconds: -seconds)
        case let .beforeStart(seconds):
            return Reminder.startPrefix + Reminder.durationText(seconds: -seconds)
        case let .at(day, time):
            return day.iso + "T" + time.description
        }
    }

    /// Reads the canonical text (or any iCalendar duration), checking the limits; the reason
    /// names the value.
    public init(text: String) throws(DomainError) {
        if let moment = Reminder.moment(text) {
            self = moment
            return
        }
        let fromStart = text.hasPrefix(Reminder.startPrefix)
        guard let seconds = Reminder.durationSeconds(fromStart ? String(text.dropFirst(Reminder.startPrefix.count)) : text) else {
            throw .invalidField("a reminder is a time before the due time (30m, 2h, 1d, 0) or a day and time: got \"\(text.prefix(40))\"")
        }
        guard abs(seconds) <= Reminder.maxOffsetSeconds else {
            throw .invalidField("a reminder is at most \(Reminder.maxOffsetText) from its \(fromStart ? "start" : "due time"): "
                + "got \"\(text.prefix(40))\"")
        }
        self = fromStart ? .beforeStart(seconds: -seconds) : .before(seconds: -seconds)
    }

    /// The local day and time it rings, with no zone (as the item's own due time): nil when
    /// it is relative and the item has no day (or no start) to count from. Seconds are
    /// dropped: a reminder rings in its minute. A day without a time counts from its start.
    public func local(due: DueDay?, time: TimeOfDay?, start: DayTime? = nil) -> (day: DueDay, time: TimeOfDay)? {
        switch self {
        case let .before(seconds):
            guard let due else { return nil }
            return Reminder.offset(seconds, from: due, time)
        case let .beforeStart(seconds):
            guard let start else { return nil }
            return Reminder.offset(seconds, from: start.day, start.time)
        case let .at(day, time):
            return (day, time)
        }
    }

    private static func offset(_ seconds: Int, from day: DueDay, _ time: TimeOfDay?) -> (day: DueDay, time: TimeOfDay)? {
        let minutes = day.dayNumber * 1_440 + (time?.minutes ?? 0) - Int((Double(seconds) / 60).rounded(.up))
        let at = Int((Double(minutes) / 1_440).rounded(.down))
        guard let clock = TimeOfDay(minutes: minutes - at * 1_440) else { return nil }
        return (DueDay(dayNumber: at), clock)
    }

    /// A local day and minute as one number: minutes since 1970-01-01 00:00, local and
    /// floating, as items' due times are. Reminders compare and SQLite indexes these.
    public static func minute(_ day: DueDay, _ time: TimeOfDay) -> Int {
        day.dayNumber * 1_440 + time.minutes
    }

    /// The local minute a moment falls in on `clock`.
    public static func minute(of date: Date, clock: Clock) -> Int {
        clock.day(of: date).dayNumber * 1_440 + (clock.time(of: date)?.minutes ?? 0)
    }

    /// The moment a local minute names; nil outside the days stores hold.
    public static func moment(minute: Int) -> Reminder? {
        let day = Int((Double(minute) / 1_440).rounded(.down))
        guard DueDay.supportedDayNumbers.contains(day), let time = TimeOfDay(minutes: minute - day * 1_440) else { return nil }
        return .at(DueDay(dayNumber: day), time)
    }

    /// What the detail says: `30 min before`, `at the due time`, `Thu Dec 3 08:00`.
    public func detail(labeler: DayLabeler = .english) -> String {
        switch self {
        case let .before(seconds):
            guard seconds != 0 else { return "at the due time" }
            return Reminder.spoken(seconds: abs(seconds)) + (seconds > 0 ? " before" : " after")
        case let .beforeStart(seconds):
            guard seconds != 0 else { return "at the start" }
            return Reminder.spoken(seconds: abs(seconds)) + (seconds > 0 ? " before start" : " after start")
        case let .at(day, time):
            return labeler.label(day) + " " + time.description
        }
    }

    static func spoken(seconds: Int) -> String {
        var parts: [String] = []
        var left = seconds
        for (size, one, many) in [(86_400, "day", "days"), (3_600, "h", "h"), (60, "min", "min"), (1, "s", "s")] {
            let n = left / size
            left %= size
            if n > 0 { parts.append("\(n) " + (n == 1 ? one : many)) }
        }
        return parts.joined(separator: " ")
    }

    /// `2026-12-03T08:00`.
    static func moment(_ text: String) -> Reminder? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let day = DueDay(iso: parts[0]), let time = TimeOfDay(text: parts[1]),
              parts[1].count == 5 else { return nil }
        return .at(day, time)
    }

    /// An iCalendar duration as seconds (RFC 5545 3.3.6): `[+-]P[nW][nD][T[nH][nM][nS]]`.
    /// nil when it is not one, or too large to be a reminder's.
    public static func durationSeconds(_ text: String) -> Int? {
        var bytes = Substring(text).utf8[...]
        var sign = 1
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            bytes = bytes.dropFirst()
        }
        guard bytes.first == UInt8(ascii: "P") else { return nil }
        bytes = bytes.dropFirst()
        var total = 0
        var inTime = false
        var number: Int?
        var sawUnit = false
        var sawTimeUnit = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                // Nine digits bound every product below: a runaway value is refused, not wrapped.
                let next = (number ?? 0) * 10 + digit
                guard next < 1_000_000_000 else { return nil }
                number = next
            case UInt8(ascii: "T"):
                guard !inTime, number == nil else { return nil }
                inTime = true
            default:
                guard let n = number else { return nil }
                let size: Int
                switch (byte, inTime) {
                case (UInt8(ascii: "W"), false): size = 604_800
                case (UInt8(ascii: "D"), false): size = 86_400
                case (UInt8(ascii: "H"), true): size = 3_600
                case (UInt8(ascii: "M"), true): size = 60
                case (UInt8(ascii: "S"), true): size = 1
                default: return nil
                }
                // Units may follow each other without end: a sum past Int would trap.
                let (part, over) = n.multipliedReportingOverflow(by: size)
                let (sum, overSum) = total.addingReportingOverflow(part)
                guard !over, !overSum else { return nil }
                total = sum
                number = nil
                sawUnit = true
                sawTimeUnit = sawTimeUnit || inTime
            }
        }
        guard sawUnit, number == nil, !inTime || sawTimeUnit else { return nil }
        return sign * total
    }

    /// Seconds as the shortest iCalendar duration: `-PT30M`, `-P1DT2H`, `PT0S`.
    public static func durationText(seconds: Int) -> String {
        guard seconds != 0 else { return "PT0S" }
        var left = abs(seconds)
        var text = seconds < 0 ? "-P" : "P"
        if left >= 86_400 {
            text += "\(left / 86_400)D"
            left %= 86_400
        }
        if left > 0 {
            text += "T"
            if left >= 3_600 { text += "\(left / 3_600)H" }
            if left % 3_600 >= 60 { text += "\(left % 3_600 / 60)M" }
            if left % 60 > 0 { text += "\(left % 60)S" }
        }
        return text
    }

    /// What a person types after `--remind`: `30m`, `2h`, `1d`, `1w`, `1h30m`, `0` (before the
    /// due time), `15m before start`, `15m after start` or `start` (from the start), or a day and time
    /// (`dec 3 08:00`, `tomorrow 9:00`, `2026-12-03T08:00`).
    public static func typed(_ text: String, today: DueDay, local: LocalDateWords = LocalDateWords()) throws(DomainError) -> Reminder {
        let trimmed = TextSafety.trimmed(text).lowercased()
        if trimmed == "start" { return .beforeStart(seconds: 0) }
        // Thunderbird offers both sides of the start (TRIGGER;RELATED=START:PT15M is after it).
        for (side, sign) in [("before", 1), ("after", -1)] where trimmed.hasSuffix(side + " start") {
            guard let seconds = offset(String(trimmed.dropLast((side + " start").count))), seconds <= maxOffsetSeconds else {
                throw .invalidField("a reminder \(side) the start is a time (15m \(side) start, 1h \(side) start): got \"\(text.prefix(40))\"")
            }
            return .beforeStart(seconds: sign * seconds)
        }
        if let seconds = offset(trimmed) {
            guard seconds <= maxOffsetSeconds else {
                throw .invalidField("a reminder is at most \(maxOffsetText) before its due time: got \"\(text.prefix(40))\"")
            }
            return .before(seconds: seconds)
        }
        let parsed: DateInputParser.Result
        do {
            parsed = try DateInputParser.parse(trimmed, today: today, local: local)
        } catch {
            throw .invalidField("a reminder is a time before the due time (30m, 2h, 1d, 0) or a day and time (dec 3 08:00): got \"\(text.prefix(40))\"")
        }
        guard let time = parsed.time else {
            throw .invalidField("a reminder at a moment needs a time: \"\(text.prefix(40)) 09:00\"")
        }
        return .at(parsed.day, time)
    }

    /// `30m`, `1h30m`, `2 h`, `0`: seconds, or nil when it is not an offset.
    static func offset(_ text: String) -> Int? {
        let compact = text.filter { $0 != " " }
        guard !compact.isEmpty else { return nil }
        if compact == "0" { return 0 }
        var total = 0
        var digits = ""
        var unit = ""
        func flush() -> Bool {
            guard let n = Int(digits), digits.count <= 9 else { return false }
            let size: Int
            switch unit {
            case "m", "min", "mins", "minute", "minutes": size = 60
            case "h", "hr", "hour", "hours": size = 3_600
            case "d", "day", "days": size = 86_400
            case "w", "week", "weeks": size = 604_800
            default: return false
            }
            let (part, over) = n.multipliedReportingOverflow(by: size)
            let (sum, overSum) = total.addingReportingOverflow(part)
            guard !over, !overSum else { return false }
            total = sum
            digits = ""
            unit = ""
            return true
        }
        for c in compact {
            if c.isASCII, c.isNumber {
                if !unit.isEmpty { guard flush() else { return nil } }
                digits.append(c)
            } else if c.isASCII, c.isLetter, !digits.isEmpty {
                unit.append(c)
            } else {
                return nil
            }
        }
        guard flush() else { return nil }
        return total
    }
}
