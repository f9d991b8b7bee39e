import CLibical
import ErrandDomain
import FoundationEssentials

/// Checking one occurrence of a repeating series another client wrote, the way Thunderbird and
/// eM Client record it: the series keeps its lines (its DTSTART, DUE and RRULE stay, so every
/// other occurrence keeps its RECURRENCE-ID), and a second VTODO of its UID names the
/// occurrence by RECURRENCE-ID with STATUS:COMPLETED, COMPLETED and PERCENT-COMPLETE:100.
/// Read back, that VTODO is the done item (Occurrence) and the series is due on its next open
/// occurrence, as any client's completed occurrence is (VTodoFields.firstOpen). A series whose
/// client rolls it forward instead (SeriesLifecycle) is rolled (SeriesRoll).
public struct OccurrenceCheck {
    let writer: VTodoWriter
    let reader: VTodoReader
    let zone: ICalZone

    /// `now`: the moment the occurrence was checked (its COMPLETED, LAST-MODIFIED, DTSTAMP).
    public init(zoneName: String, now: Date) {
        writer = VTodoWriter(zoneName: zoneName)
        reader = VTodoReader(zoneName: zoneName, now: now)
        zone = ICalZone(name: zoneName)
    }

    /// `item`'s open occurrence (its due day) checked at `now`: the series as it reads with the
    /// occurrence recorded (a new id: the caller keeps the stored one), and the done item.
    public func check(_ item: TodoItem, at now: Date) throws(ICalError) -> (series: TodoItem, done: TodoItem) {
        guard item.repeats != nil, let due = item.due else {
            throw .unusableTodo(number: 1, reason: "only an occurrence of a repeating item is checked so")
        }
        if SeriesLifecycle.of(item.icalendar) == .rollForward {
            return try SeriesRoll(writer: writer, reader: reader).roll(item, at: now)
        }
        // The item's own edits first, as a sync would send them: the occurrence is counted
        // from the series as it now reads.
        guard let text = writer.calendar([item]), let series = ICalSeries(text) else {
            throw .unusableTodo(number: 1, reason: "libical cannot read it")
        }
        let override: String
        do {
            defer { series.free() }
            guard let written = occurrence(of: series.master, on: due, item: item, at: now) else {
                throw ICalError.unusableTodo(number: 1, reason: "libical ran out of memory")
            }
            override = written
        }
        guard let end = text.ranges(of: "END:VCALENDAR").last,
              let recurrenceID = RawComponent.parse(override).first?.value("RECURRENCE-ID") else {
            throw .unusableTodo(number: 1, reason: "libical wrote no RECURRENCE-ID")
        }
        let recorded = String(text[..<end.lowerBound]) + override + String(text[end.lowerBound...])
        let read = try reader.read(recorded, newID: UUID.init).items
        let uid = Occurrence.uid(series: item.uid, recurrenceID: recurrenceID)
        guard let next = read.first(where: { !$0.isOccurrence }), let done = read.first(where: { $0.uid == uid }) else {
            throw .unusableTodo(number: 1, reason: "the occurrence of \(due.iso) does not read back as done")
        }
        return (next, done)
    }

    /// The VTODO that records the occurrence due `day` as done: the series's DTSTART and DUE
    /// moved to it (their zone and form kept), RECURRENCE-ID being that start.
    func occurrence(of master: OpaquePointer, on day: DueDay, item: TodoItem, at now: Date) -> String? {
        let start = icalcomponent_get_first_property(master, ICAL_DTSTART_PROPERTY)
        let dueLine = icalcomponent_get_first_property(master, ICAL_DUE_PROPERTY)
        let anchorTime = dueLine == nil ? icalcomponent_get_dtstart(master) : icalcomponent_get_due(master)
        guard let anchor = dueLine ?? start, let first = zone.due(anchorTime)?.day,
              let todo = icalcomponent_new_vtodo() else { return nil }
        defer { icalcomponent_free(todo) }
        let shift = day.dayNumber - first.dayNumber
        icalcomponent_set_uid(todo, item.uid)
        icalcomponent_set_dtstamp(todo, ICalZone.utc(now))
        icalcomponent_add_property(todo, icalproperty_new_lastmodified(ICalZone.utc(now)))
        icalcomponent_set_summary(todo, item.title)
        // RFC 5545: an occurrence is named by its start; a rule on DUE alone by its due.
        if let named = OccurrenceCheck.moved(start ?? anchor, by: shift, as: ICAL_RECURRENCEID_PROPERTY) {
            icalcomponent_add_property(todo, named)
        }
        if let start, let moved = OccurrenceCheck.moved(start, by: shift, as: ICAL_DTSTART_PROPERTY) { icalcomponent_add_property(todo, moved) }
        if let dueLine, let moved = OccurrenceCheck.moved(dueLine, by: shift, as: ICAL_DUE_PROPERTY) { icalcomponent_add_property(todo, moved) }
        icalcomponent_set_status(todo, ICAL_STATUS_COMPLETED)
        icalcomponent_add_property(todo, icalproperty_new_completed(ICalZone.utc(now)))
        icalcomponent_add_property(todo, icalproperty_new_percentcomplete(100))
        return ICalTree.text(todo)
    }

    /// A copy of a DTSTART or DUE as `kind`, `days` later, its TZID kept.
    static func moved(_ property: OpaquePointer, by days: Int, as kind: icalproperty_kind) -> OpaquePointer? {
        var t = icalproperty_isa(property) == ICAL_DUE_PROPERTY ? icalproperty_get_due(property) : icalproperty_get_dtstart(property)
        icaltime_adjust(&t, Int32(days), 0, 0, 0)
        let made: OpaquePointer?
        switch kind {
        case ICAL_RECURRENCEID_PROPERTY: made = icalproperty_new_recurrenceid(t)
        case ICAL_DTSTART_PROPERTY: made = icalproperty_new_dtstart(t)
        default: made = icalproperty_new_due(t)
        }
        guard let made else { return nil }
        if icalproperty_get_first_parameter(made, ICAL_TZID_PARAMETER) == nil,
           let tzid = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER), let copy = icalparameter_new_clone(tzid) {
            icalproperty_add_parameter(made, copy)
        }
        return made
    }
}
