import CLibical
import ErrandDomain

/// The due days of a series's occurrences after its open one that fall in a window, from
/// libical's engine: what the week and a day show of a rule Errand does not step itself
/// (Repeat.days steps the simple ones). Each occurrence's due day is its start day moved as
/// the series's due day is from its start, as ICalOccurrences.firstOpen reads them.
public struct SeriesDays {
    let writer: VTodoWriter
    let zone: ICalZone

    public init(zoneName: String) {
        writer = VTodoWriter(zoneName: zoneName)
        zone = ICalZone(name: zoneName)
    }

    /// Empty when the item does not repeat by a rule libical walks, or has no day. `withOpen`:
    /// the open day too when the rule falls on it (RepeatStart: a series must open on one).
    public func days(_ item: TodoItem, in window: ClosedRange<DueDay>, withOpen: Bool = false) -> [DueDay] {
        guard let open = item.due, let rule = item.repeats?.asRule, let text = writer.calendar([item]),
              let series = ICalSeries(text) else { return [] }
        defer { series.free() }
        guard let start = ICalOccurrences.anchor(series.master), let startDay = ICalOccurrences.day(start) else { return [] }
        let seriesDue = zone.due(icalcomponent_get_due(series.master))?.day ?? startDay
        let offset = seriesDue.dayNumber - startDay.dayNumber
        let excluded = ICalOccurrences.excluded(series.master)
        icalerror_clear_errno()
        guard let walk = OccurrenceWalk(rule, todo: series.master, start: start) else { return [] }
        var found: [DueDay] = []
        for _ in 0..<ICalOccurrences.stepLimit {
            guard let (day, _) = walk.next() else { break }
            let due = day.adding(days: offset)
            if due > window.upperBound { break }
            if due > open || (withOpen && due == open), due >= window.lowerBound, !excluded.contains(day.dayNumber) { found.append(due) }
        }
        return found
    }
}
