import CLibical
import ErrandDomain

/// A series's occurrence days in order: its rule's, walked by libical, merged with the days
/// its RDATEs add (RFC 5545: the set is the RRULE's instances and the RDATEs', each once).
/// Which came from the rule is said, as COUNT counts only those. EXDATE is the caller's.
final class OccurrenceWalk {
    private let iterator: OpaquePointer
    private var nextFromRule: DueDay?
    private var ruleEnded = false
    private var added: [DueDay]
    private var addedIndex = 0
    private var last: DueDay?

    /// nil when libical cannot walk the rule.
    init?(_ rule: RecurrenceRule, todo: OpaquePointer, start: icaltimetype) {
        let recurrence = ICalOccurrences.walkable(rule)
        guard recurrence.freq != ICAL_NO_RECURRENCE, let walk = icalrecur_iterator_new(recurrence, start) else { return nil }
        iterator = walk
        let first = ICalOccurrences.day(start)
        added = ICalOccurrences.addedDays(todo).filter { day in first.map { day >= $0 } ?? true }
    }

    deinit { icalrecur_iterator_free(iterator) }

    /// The next day, and whether the rule gave it (an RDATE on a rule's day counts as the rule's).
    func next() -> (day: DueDay, fromRule: Bool)? {
        while true {
            if nextFromRule == nil, !ruleEnded {
                let t = icalrecur_iterator_next(iterator)
                if icaltime_is_null_time(t) == 0, let day = ICalOccurrences.day(t) { nextFromRule = day } else { ruleEnded = true }
            }
            let extra = addedIndex < added.count ? added[addedIndex] : nil
            let found: (DueDay, Bool)
            switch (nextFromRule, extra) {
            case (nil, nil): return nil
            case let (rule?, extra?) where extra < rule:
                addedIndex += 1
                found = (extra, false)
            case let (rule?, extra):
                if extra == rule { addedIndex += 1 }
                nextFromRule = nil
                found = (rule, true)
            case let (nil, extra?):
                addedIndex += 1
                found = (extra, false)
            }
            // An RDATE given twice, or on a day already passed, is one occurrence.
            if let last, found.0 <= last, !found.1 { continue }
            last = found.0
            return found
        }
    }
}
