import CLibical
import ErrandDomain

/// RRULE and Errand's Repeat, both ways. What maps: FREQ=DAILY, WEEKLY, MONTHLY or YEARLY with
/// an INTERVAL of 1 to 999, and BYDAY=MO,TU,WE,TH,FR on a daily or weekly rule (every
/// weekday). Anything more (COUNT, UNTIL, BYMONTHDAY, positions such as 1MO, hourly rules)
/// does not: the item does not repeat here, and its RRULE is written back as it came.
/// Errand's "after done" has no RRULE form: X-ERRAND-AFTER-DONE:TRUE beside the rule says it.
enum ICalRepeat {
    static let afterDoneProperty = "X-ERRAND-AFTER-DONE"
    static let monToFri: Int32 = 0b011_1110

    static func repeatRule(_ r: icalrecurrencetype, afterDone: Bool, due: DueDay?) -> Repeat? {
        var rule = r
        guard due != nil, errand_recur_has_more_than_byday(&rule) == 0 else { return nil }
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
