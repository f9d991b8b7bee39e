import CLibical
import ErrandDomain
#if canImport(Glibc)
import Glibc
#endif

/// RRULE and Errand's Repeat, both ways. Errand's own units: FREQ=DAILY, WEEKLY, MONTHLY or
/// YEARLY with an INTERVAL of 1 to 999, and BYDAY=MO,TU,WE,TH,FR on a daily or weekly rule
/// (every weekday). Any other rule with at most one occurrence a day (COUNT, UNTIL, BYMONTHDAY,
/// positions such as 2TU or -1FR, BYSETPOS, BYMONTH, BYWEEKNO, BYYEARDAY) is a RecurrenceRule
/// kept as libical writes it, whose days libical's iterator finds (ICalOccurrences). Rules by
/// the hour or in another calendar (RSCALE) do not repeat here; their RRULE goes back as it came.
/// Errand's "after done" has no RRULE form: X-ERRAND-AFTER-DONE:TRUE beside the rule says it.
public enum ICalRepeat {
    static let afterDoneProperty = "X-ERRAND-AFTER-DONE"
    static let monToFri: Int32 = 0b011_1110

    /// `walked`: the series adds or removes days (RDATE, EXDATE), which only libical's walk
    /// follows: the rule is kept as libical's even when Errand could step it itself.
    static func repeatRule(_ r: icalrecurrencetype, afterDone: Bool, due: DueDay?, walked: Bool = false) -> Repeat? {
        var rule = r
        guard due != nil, errand_recur_is_by_day(&rule) != 0 else { return nil }
        guard !walked || afterDone, errand_recur_has_more_than_byday(&rule) == 0,
              let simple = simpleRule(r, afterDone: afterDone, due: due) else {
            return richRule(&rule)
        }
        return simple
    }

    /// A rule libical read, as Errand keeps a rich one (never after done).
    static func richRule(_ rule: inout icalrecurrencetype) -> Repeat? {
        guard let written = icalrecurrencetype_as_string_r(&rule) else { return nil }
        defer { free(written) }
        return RecurrenceRule(String(cString: written)).map(Repeat.init(rule:))
    }

    /// `text` as libical reads it: the rule as libical writes it back, or nil where libical
    /// refuses it or it falls more than once a day.
    public static func checked(_ text: String) -> RecurrenceRule? {
        icalerror_clear_errno()
        var rule = icalrecurrencetype_from_string(text)
        guard icalerrno_return().pointee == ICAL_NO_ERROR, rule.freq != ICAL_NO_RECURRENCE, errand_recur_is_by_day(&rule) != 0 else { return nil }
        return richRule(&rule)?.rule
    }

    static func simpleRule(_ r: icalrecurrencetype, afterDone: Bool, due: DueDay?) -> Repeat? {
        var rule = r
        let days = errand_recur_byday_mask(&rule)
        let count = Int(r.interval == 0 ? 1 : r.interval)
        let unit: Repeat.Unit
        switch r.freq {
        case ICAL_DAILY_RECURRENCE where days == 0: unit = .day
        case ICAL_WEEKLY_RECURRENCE where days == 0: unit = .week
        case ICAL_DAILY_RECURRENCE where days == monToFri && count == 1,
             ICAL_WEEKLY_RECURRENCE where days == monToFri && count == 1: unit = .weekday
        case ICAL_MONTHLY_RECURRENCE where days == 0: unit = .month
        case ICAL_YEARLY_RECURRENCE where days == 0: unit = .year
        default: return nil
        }
        return Repeat(unit: unit, count: count, afterDone: afterDone, from: due)
    }

    static func recurrence(_ rule: Repeat) -> icalrecurrencetype {
        if let rich = rule.rule { return icalrecurrencetype_from_string(rich.text) }
        var r = icalrecurrencetype()
        icalrecurrencetype_clear(&r)
        switch rule.unit {
        case .day: r.freq = ICAL_DAILY_RECURRENCE
        case .week: r.freq = ICAL_WEEKLY_RECURRENCE
        case .weekday:
            r.freq = ICAL_WEEKLY_RECURRENCE
            errand_recur_set_weekdays(&r)
        case .month: r.freq = ICAL_MONTHLY_RECURRENCE
        case .year: r.freq = ICAL_YEARLY_RECURRENCE
        }
        r.interval = Int16(rule.count)
        return r
    }
}
