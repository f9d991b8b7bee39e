import CLibical
import ErrandDomain
import FoundationEssentials

/// Writes items as VTODOs, in the shape sync sends. An item read from iCalendar is written
/// from the text it kept, line by line as it was written: only the lines of the properties
/// whose meaning the item changed are replaced (SUMMARY, DESCRIPTION, DUE, LOCATION and GEO,
/// STATUS and COMPLETED, RRULE), with LAST-MODIFIED and DTSTAMP when anything did, by lines
/// libical renders, and the declared fields' (PRIORITY, CATEGORIES: `DeclaredLines`). Everything else (alarms, categories, priority, X- properties, the
/// occurrences recorded apart, lines libical cannot parse) goes out byte for byte, except
/// libical's own X-LIC-ERROR lines, which never leave.
public struct VTodoWriter {
    static let productID = "-//Errand//Errand//EN"
    /// What libical puts in place of a line it cannot parse: never Errand's to send.
    static let dropped: Set<String> = ["X-LIC-ERROR"]
    let zone: ICalZone

    public init(zoneName: String) {
        zone = ICalZone(name: zoneName)
    }

    /// One VCALENDAR holding every item's VTODOs and the VTIMEZONEs they name (the first of
    /// each TZID); nil only when libical cannot allocate. A finished occurrence (Occurrence)
    /// is written inside its series's text, not again on its own.
    public func calendar(_ items: [TodoItem]) -> String? {
        var zones: [String: String] = [:]
        var body = ""
        for item in items where !item.isOccurrence {
            guard let written = vtodo(item) else { return nil }
            body += written.text
            for (id, text) in written.zones where zones[id] == nil { zones[id] = text }
        }
        var out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(VTodoWriter.productID)\r\n"
        for id in zones.keys.sorted() { out += zones[id] ?? "" }
        return out + body + "END:VCALENDAR\r\n"
    }

    /// One VCALENDAR per item (one per PUT), each as `calendar([item])` writes it.
    public func calendars(_ items: [TodoItem]) -> [String]? {
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for item in items {
            guard let text = calendar([item]) else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// The item's VTODOs as text and the VTIMEZONEs they need, by TZID.
    func vtodo(_ item: TodoItem) -> (text: String, zones: [String: String])? {
        if let kept = item.icalendar, let written = edited(kept, item) { return written }
        guard let todo = icalcomponent_new_vtodo() else { return nil }
        defer { icalcomponent_free(todo) }
        var edit = VTodoEdit(todo: todo, zone: zone)
        edit.apply(item, over: nil)
        guard let fresh = RawComponent.parse(ICalTree.text(todo)).first else { return nil }
        let names = DeclaredLines.changed(nil, item.fields)
        let spliced = LineSplice.replace(names, in: fresh, with: DeclaredLines.lines(item.fields))
        let alarms = AlarmComponents(zone: zone, dated: item.due != nil, started: item.start != nil)
        let ringing = alarms.splice(spliced, before: [], now: item.fields[.reminders]?.words ?? [], title: item.title)
        let related = item.parent.map { ParentLines.replace(in: ringing, with: $0) } ?? ringing
        let rung = alarms.markRung(related, before: nil, now: item.fields[.reminded])
        let text = alarms.markSnoozed(rung, before: nil, now: item.fields[.snoozed]).text()
        return (text, userZone(if: ICalTree.tzids(todo)))
    }

    /// The kept text with the master VTODO's changed lines replaced; nil when it holds no
    /// VTODO libical can read (the item is then written afresh).
    func edited(_ kept: String, _ item: TodoItem) -> (text: String, zones: [String: String])? {
        guard let calendar = RawComponent.parse(kept).first(where: { $0.name == "VCALENDAR" }) else { return nil }
        let todos = calendar.components.filter { $0.name == "VTODO" }
        guard !todos.isEmpty, let series = ICalSeries(kept) else { return nil }
        defer { series.free() }
        let index = todos.indices.contains(series.masterIndex) ? series.masterIndex : 0
        var declared = DeclaredLines.read(todos[index]).values
        // Read before the edit, as the reader read them: the alarms' reminders count from the
        // DUE and DTSTART as written.
        let read = VTodoFields(series.master, overrides: series.overrides, zone: zone)
        let alarms = AlarmComponents(zone: zone, dated: read.due != nil, started: read.declared[.start] != nil)
        let rang = (try? alarms.reminders(todos[index])) ?? []
        declared[.reminders] = alarms.read(todos[index]).value
        declared[.reminded] = alarms.lastRung(todos[index]).value
        declared[.snoozed] = alarms.snoozed(todos[index]).value
        declared[.parent] = try? ParentLines.read(todos[index])
        let before = VTodoFields(series.master, overrides: series.overrides, zone: zone, declared: declared,
                                 structured: StructuredLocation.read(todos[index]))
        var edit = VTodoEdit(todo: series.master, zone: zone)
        edit.apply(item, over: before)
        let changed = DeclaredLines.changed(declared, item.fields)
        let lines = VTodoWriter.rendered(series.master, edit.touched)
            + DeclaredLines.lines(item.fields).filter { changed.contains($0.name) }
        var text = ""
        for (i, todo) in todos.enumerated() {
            var written = i == index ? LineSplice.replace(edit.touched.union(changed), in: todo, with: lines) : todo
            let now = item.fields[.reminders]?.words ?? []
            if i == index, rang.compactMap({ $0 }) != now {
                written = alarms.splice(written, before: rang, now: now, title: item.title)
            }
            if i == index {
                written = alarms.markRung(written, before: declared[.reminded], now: item.fields[.reminded])
                written = alarms.markSnoozed(written, before: declared[.snoozed], now: item.fields[.snoozed])
            }
            // Moved here (or to the top level): only its parent lines change.
            if i == index, declared[.parent] != item.fields[.parent] { written = ParentLines.replace(in: written, with: item.parent) }

            text += written.text(dropping: VTodoWriter.dropped)
        }
        var zones: [String: String] = [:]
        for component in calendar.components where component.name == "VTIMEZONE" {
            if let id = component.value("TZID"), zones[id] == nil { zones[id] = component.text(dropping: VTodoWriter.dropped) }
        }
        let named = edit.touched.isEmpty ? [] : ICalTree.tzids(series.master)
        return (text, zones.merging(userZone(if: named)) { kept, _ in kept })
    }

    /// The lines libical renders for the properties of `todo` named in `names`, in its order.
    static func rendered(_ todo: OpaquePointer, _ names: Set<String>) -> [RawLine] {
        var lines: [RawLine] = []
        var property = icalcomponent_get_first_property(todo, ICAL_ANY_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(todo, ICAL_ANY_PROPERTY)
            guard let name = icalproperty_get_property_name(current), names.contains(String(cString: name).uppercased()) else {
                continue
            }
            // An error libical noted on a property Errand rewrites is not part of it.
            icalproperty_remove_parameter_by_kind(current, ICAL_XLICERRORTYPE_PARAMETER)
            guard let buffer = icalproperty_as_ical_string_r(current) else { continue }
            lines += RawLine.lines(String(cString: buffer))
            icalmemory_free_buffer(buffer)
        }
        return lines
    }

    /// The user's zone's VTIMEZONE when `named` holds its TZID.
    func userZone(if named: Set<String>) -> [String: String] {
        guard let id = zone.tzid, named.contains(id), let component = zone.vtimezone() else { return [:] }
        defer { icalcomponent_free(component) }
        return [id: ICalTree.text(component)]
    }
}
