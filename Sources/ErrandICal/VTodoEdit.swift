import CLibical
import ErrandDomain
import FoundationEssentials

/// Brings one VTODO in line with an item, property by property, touching only those whose
/// meaning differs from what the VTODO said (`before`; nil for a new VTODO: all of them).
/// `touched` names every property it rewrote or removed: only their lines are replaced in the
/// text as written (`LineSplice`).
struct VTodoEdit {
    let todo: OpaquePointer
    let zone: ICalZone
    private(set) var touched = Set<String>()

    init(todo: OpaquePointer, zone: ICalZone) {
        self.todo = todo
        self.zone = zone
    }

    mutating func apply(_ item: TodoItem, over before: VTodoFields?) {
        let now = VTodoFields(item)
        if icalcomponent_get_uid(todo).map({ String(cString: $0) }) != item.uid {
            icalcomponent_set_uid(todo, item.uid)
            touched.insert("UID")
        }
        if before?.title != now.title {
            icalcomponent_set_summary(todo, item.title)
            touched.insert("SUMMARY")
        }
        if before == nil || before?.notes != now.notes {
            remove(ICAL_DESCRIPTION_PROPERTY)
            if let notes = item.notes { icalcomponent_set_description(todo, notes) }
        }
        // A start-only repeat (Thunderbird's) has its day in DTSTART: it moves there, unless
        // the repeat went, when the day needs a DUE to stay a day.
        // A start set on it sends the day back to DUE, beside the new DTSTART.
        let fromStart = before?.dueFromStart == true
        let dueInStart = fromStart && item.repeats != nil && item.start == nil
        let dueChanged = before?.due != now.due || before?.time != now.time
        // A DTSTART read as no start was DUE's twin (VTodoFields): it stays one.
        let twin = before != nil && before?.declared[.start] == nil && !fromStart
            && icalcomponent_get_first_property(todo, ICAL_DTSTART_PROPERTY) != nil
        if before == nil || dueChanged || (fromStart && !dueInStart) {
            writeDue(item, inStart: dueInStart)
        }
        // The DTSTART of a repeat without a start of its own is the rule's, and follows its day.
        let followsDue = item.start == nil
            && ((dueChanged && (twin || item.repeats != nil)) || before?.repeats != now.repeats)
        if !dueInStart, before == nil || before?.declared[.start] != now.declared[.start] || fromStart || followsDue {
            writeStart(item, twin: twin)
        }
        if before == nil || before?.location != now.location { writeLocation(item.location) }
        if before == nil || before?.done != now.done || before?.declared[.status] != now.declared[.status] { writeStatus(item) }
        if before == nil || before?.repeats != now.repeats { writeRepeat(item) }
        // Unchanged, the VTODO goes back as it came: no line is added to it either.
        // A VTODO without LAST-MODIFIED was given one from DTSTAMP or CREATED on reading.
        let changed = before.map {
            VTodoFields.owned($0) != VTodoFields.owned(now) || ($0.modified ?? $0.stamp ?? $0.created).map { $0 != now.modified } ?? false
        } ?? true
        guard changed else { return }
        if icalcomponent_get_first_property(todo, ICAL_CREATED_PROPERTY) == nil {
            icalcomponent_add_property(todo, icalproperty_new_created(ICalZone.utc(item.created)))
            touched.insert("CREATED")
        }
        remove(ICAL_LASTMODIFIED_PROPERTY)
        icalcomponent_add_property(todo, icalproperty_new_lastmodified(ICalZone.utc(item.modified)))
        icalcomponent_set_dtstamp(todo, ICalZone.utc(item.modified))
        touched.insert("DTSTAMP")
    }

    mutating func remove(_ kind: icalproperty_kind) {
        if let name = icalproperty_kind_to_string(kind) { touched.insert(String(cString: name)) }
        while let property = icalcomponent_get_first_property(todo, kind) {
            icalcomponent_remove_property(todo, property)
            icalproperty_free(property)
        }
    }

    /// A DATE, or a DATE-TIME with the user's TZID (UTC when that is the zone).
    func dueProperty(_ kind: icalproperty_kind, _ day: DueDay, _ time: TimeOfDay?) -> OpaquePointer? {
        let t = zone.due(day, time)
        let property = kind == ICAL_DTSTART_PROPERTY ? icalproperty_new_dtstart(t) : icalproperty_new_due(t)
        if let property, time != nil, !zone.isUTC, let tzid = zone.tzid {
            icalproperty_set_parameter(property, icalparameter_new_tzid(tzid))
        }
        return property
    }

    mutating func writeDue(_ item: TodoItem, inStart: Bool = false) {
        let kind = inStart ? ICAL_DTSTART_PROPERTY : ICAL_DUE_PROPERTY
        remove(kind)
        guard let due = item.due else { return }
        icalcomponent_add_property(todo, dueProperty(kind, due, item.time))
    }

    /// DTSTART: the start; without one, the due day's twin for a repeat (the rule's first
    /// day) or where the VTODO had a twin already.
    mutating func writeStart(_ item: TodoItem, twin: Bool) {
        remove(ICAL_DTSTART_PROPERTY)
        if let start = item.start {
            icalcomponent_add_property(todo, dueProperty(ICAL_DTSTART_PROPERTY, start.day, start.time))
        } else if item.repeats != nil || twin, let due = item.due {
            icalcomponent_add_property(todo, dueProperty(ICAL_DTSTART_PROPERTY, due, item.time))
        }
    }

    mutating func writeLocation(_ location: Location?) {
        remove(ICAL_LOCATION_PROPERTY)
        remove(ICAL_GEO_PROPERTY)
        guard let location else { return }
        icalcomponent_set_location(todo, location.name)
        if let c = location.coordinate {
            icalcomponent_add_property(todo, icalproperty_new_geo(icalgeotype(lat: c.latitude, lon: c.longitude)))
        }
    }

    /// STATUS as the item stands (ItemState): COMPLETED with COMPLETED (the moment it was
    /// checked, its modified time), CANCELLED, IN-PROCESS or NEEDS-ACTION. PERCENT-COMPLETE is
    /// the progress field's line (DeclaredLines): checking made it 100 where there was one.
    mutating func writeStatus(_ item: TodoItem) {
        remove(ICAL_COMPLETED_PROPERTY)
        touched.insert("STATUS")
        switch item.state {
        case .done:
            icalcomponent_set_status(todo, ICAL_STATUS_COMPLETED)
            icalcomponent_add_property(todo, icalproperty_new_completed(ICalZone.utc(item.modified)))
        case .cancelled: icalcomponent_set_status(todo, ICAL_STATUS_CANCELLED)
        case .started: icalcomponent_set_status(todo, ICAL_STATUS_INPROCESS)
        case .toDo: icalcomponent_set_status(todo, ICAL_STATUS_NEEDSACTION)
        }
    }

    /// RFC 5545 wants a DTSTART beside an RRULE: the due day is where the rule starts.
    mutating func writeRepeat(_ item: TodoItem) {
        remove(ICAL_RRULE_PROPERTY)
        if let x = VTodoFields.xProperty(todo, ICalRepeat.afterDoneProperty) {
            icalcomponent_remove_property(todo, x)
            icalproperty_free(x)
        }
        touched.insert(ICalRepeat.afterDoneProperty)
        guard let rule = item.repeats, let due = item.due else { return }
        icalcomponent_add_property(todo, icalproperty_new_rrule(ICalRepeat.recurrence(rule)))
        if rule.afterDone, let x = icalproperty_new_x("TRUE") {
            icalproperty_set_x_name(x, ICalRepeat.afterDoneProperty)
            icalcomponent_add_property(todo, x)
        }
        if icalcomponent_get_first_property(todo, ICAL_DTSTART_PROPERTY) == nil {
            touched.insert("DTSTART")
            icalcomponent_add_property(todo, dueProperty(ICAL_DTSTART_PROPERTY, due, item.time))
        }
    }
}
