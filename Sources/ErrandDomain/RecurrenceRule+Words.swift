/// The rules a person says (`--every "2nd tuesday"`), as RRULE text.
extension RecurrenceRule {
    static let typedDays = ["mo": "MO", "tu": "TU", "we": "WE", "th": "TH", "fr": "FR", "sa": "SA", "su": "SU"]
    static let typedOrdinals = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1,
                                "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5]

    /// `2nd tuesday`, `last friday` (in each month), `last day`, `last weekday`, `15th` (of
    /// each month), `monday wednesday friday` or `mon,wed,fri` (each week), `weekend`;
    /// nil for anything else (Repeat's own units are read before this).
    public init?(every text: String) {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard let first = words.first else { return nil }
        let rule: String
        if words.count == 2, let n = RecurrenceRule.typedOrdinals[first] {
            if words[1] == "day" {
                rule = "FREQ=MONTHLY;BYMONTHDAY=\(n)"
            } else if words[1] == "weekday" {
                rule = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=\(n)"
            } else if let day = RecurrenceRule.typedDay(words[1]) {
                rule = "FREQ=MONTHLY;BYDAY=\(n)\(day)"
            } else {
                return nil
            }
        } else if words.count == 1, first == "weekend" {
            rule = "FREQ=WEEKLY;BYDAY=SA,SU"
        } else if words.count == 1, let n = Int(first.dropLast(2)), (1...31).contains(n),
                  first.hasSuffix("st") || first.hasSuffix("nd") || first.hasSuffix("rd") || first.hasSuffix("th") {
            rule = "FREQ=MONTHLY;BYMONTHDAY=\(n)"
        } else {
            let days = words.compactMap(RecurrenceRule.typedDay)
            guard days.count == words.count, Set(days).count == days.count else { return nil }
            let sorted = days.sorted { (RecurrenceRule.dayOrder.firstIndex(of: $0) ?? 0) < (RecurrenceRule.dayOrder.firstIndex(of: $1) ?? 0) }
            rule = "FREQ=WEEKLY;BYDAY=" + sorted.joined(separator: ",")
        }
        self.init(rule)
    }

    /// `tue`, `tues`, `tuesday`, `tuesdays`.
    static func typedDay(_ word: String) -> String? {
        let bare = word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
        guard bare.count >= 2, let code = typedDays[String(bare.prefix(2))],
              let full = dayNames[code]?.lowercased(), full.hasPrefix(bare) else { return nil }
        return code
    }

    /// This rule ending after `times` occurrences or on `until` (a COUNT or an UNTIL replaced).
    public func ending(times: Int?, until: DueDay?) -> RecurrenceRule? {
        var kept = text.split(separator: ";").filter { !$0.hasPrefix("COUNT=") && !$0.hasPrefix("UNTIL=") }.map(String.init)
        if let times { kept.append("COUNT=\(times)") }
        if let until { kept.append("UNTIL=" + until.iso.filter { $0 != "-" }) }
        return RecurrenceRule(kept.joined(separator: ";"))
    }

    /// What `--every` takes beyond Repeat's units, for help and completion.
    public static let examples = ["2nd tuesday", "last friday", "last day", "last weekday", "15th", "mon,wed,fri", "weekend"]
}
