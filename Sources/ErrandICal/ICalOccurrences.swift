import CLibical
import ErrandDomain

/// The days a rich rule's series falls on, from libical's recurrence engine
/// (icalrecur_iterator): Errand keeps no RRULE engine of its own for these.
///
/// Days are read in the series's own local time (DTSTART's TZID, or floating), as RFC 5545
/// expands a rule; RECURRENCE-ID and EXDATE name occurrences in that same time, so they are
/// matched there, and an occurrence's due day is its start day moved as the series's due day
/// is from its start (a DUE a day after DTSTART stays a day after on every occurrence).
enum ICalOccurrences {
    /// More steps than this and the rule is not followed further (a rule libical would walk
    /// for ever without a match).
    static let stepLimit = 100_000

    /// The rule as libical is to walk it. libical 3.0.16 walks a YEARLY rule with BYMONTHDAY
    /// and no BYMONTH on DTSTART's month alone, where RFC 5545 expands BYMONTHDAY over the
    /// year (every month's 15th; python-dateutil does, and RuleOracleTests caught it): naming
    /// all twelve months says the same in a form libical follows.
    static func walkable(_ rule: RecurrenceRule) -> icalrecurrencetype {
        let p = rule.parts
        if p["FREQ"] == "YEARLY", p["BYMONTHDAY"] != nil,
           p["BYMONTH"] == nil, p["BYDAY"] == nil, p["BYYEARDAY"] == nil, p["BYWEEKNO"] == nil {
            return icalrecurrencetype_from_string(rule.text + ";BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12")
        }
        return icalrecurrencetype_from_string(rule.text)
    }

    /// The local day of an iCalendar time.
    static func day(_ t: icaltimetype) -> DueDay? { DueDay(year: Int(t.year), month: Int(t.month), day: Int(t.day)) }

    /// The anchor the rule expands from: DTSTART, or DUE where a task has no start.
    static func anchor(_ todo: OpaquePointer) -> icaltimetype? {
        if icalcomponent_get_first_property(todo, ICAL_DTSTART_PROPERTY) != nil { return icalcomponent_get_dtstart(todo) }
        if icalcomponent_get_first_property(todo, ICAL_DUE_PROPERTY) != nil { return icalcomponent_get_due(todo) }
        return nil
    }

    /// The EXDATE days of a series.
    static func excluded(_ todo: OpaquePointer) -> Set<Int> {
        var days = Set<Int>()
        var property = icalcomponent_get_first_property(todo, ICAL_EXDATE_PROPERTY)
        while let current = property {
            if let d = day(icalproperty_get_exdate(current)) { days.insert(d.dayNumber) }
            property = icalcomponent_get_next_property(todo, ICAL_EXDATE_PROPERTY)
        }
        return days
    }

    /// The days a series's RDATEs add to its rule's (a DATE, a DATE-TIME, or a PERIOD's start),
    /// in order, each once.
    static func addedDays(_ todo: OpaquePointer) -> [DueDay] {
        var days = Set<DueDay>()
        var property = icalcomponent_get_first_property(todo, ICAL_RDATE_PROPERTY)
        while let current = property {
            let value = icalproperty_get_rdate(current)
            let time = icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
            if icaltime_is_null_time(time) == 0, let d = day(time) { days.insert(d) }
            property = icalcomponent_get_next_property(todo, ICAL_RDATE_PROPERTY)
        }
        return days.sorted()
    }

    /// The due day of the first occurrence on or after the series's due day `due` whose start
    /// is neither in `done` (local start days of completed occurrences) nor excluded; nil when
    /// the rule has none left (its COUNT reached, its UNTIL passed) or libical cannot walk it.
    static func firstOpen(_ rule: RecurrenceRule, todo: OpaquePointer, due: DueDay, done: Set<Int>) -> DueDay? {
        guard let start = anchor(todo), let startDay = day(start) else { return nil }
        let offset = due.dayNumber - startDay.dayNumber
        let excluded = excluded(todo)
        icalerror_clear_errno()
        guard let walk = OccurrenceWalk(rule, todo: todo, start: start) else { return nil }
        for _ in 0..<stepLimit {
            guard let (occurrence, _) = walk.next() else { return nil }
            if done.contains(occurrence.dayNumber) || excluded.contains(occurrence.dayNumber) { continue }
            return occurrence.adding(days: offset)
        }
        return nil
    }

    /// The due days of a rule's first `limit` occurrences from `start` (a day, floating), for
    /// tests and for what a rule would do before it is saved.
    static func days(_ rule: RecurrenceRule, from start: DueDay, limit: Int) -> [DueDay] {
        let t = icaltime_from_string(start.iso.filter { $0 != "-" })
        let recurrence = walkable(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, let walk = icalrecur_iterator_new(recurrence, t) else { return [] }
        defer { icalrecur_iterator_free(walk) }
        var found: [DueDay] = []
        while found.count < limit {
            let next = icalrecur_iterator_next(walk)
            guard icaltime_is_null_time(next) == 0, let d = day(next) else { break }
            found.append(d)
        }
        return found
    }
}
