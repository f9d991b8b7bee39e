import CLibical
import ErrandDomain
import ErrandCalendarWire
import FoundationEssentials

/// Reads the VTODOs of an iCalendar text into items, with libical. Each item keeps its VTODO
/// whole (with the VTIMEZONEs it names) in `icalendar`, so writing it back rewrites only what
/// Errand owns. Other components (VEVENT, VJOURNAL, ...) are counted, not read. A VTODO
/// without DUE has no due day: none is invented.
public struct VTodoReader {
    public var bounds = ICalBounds()
    let zone: ICalZone
    let now: Date

    /// `zoneName`: the user's zone (a DATE-TIME is read as the day and time it is there).
    public init(zoneName: String, now: Date) {
        zone = ICalZone(name: zoneName)
        self.now = now
    }

    /// Items get their ids from `newID`; a refusal is one line (ICalError).
    public func read(_ text: String, newID: () -> UUID) throws(ICalError) -> CalendarWire.Batch {
        var batch = CalendarWire.Batch(items: [])
        try each(text, newID: newID, skipped: { batch.skipped = $0 }) { batch.items.append($0) }
        return batch
    }

    /// `read`, an item at a time: `skipped` has the other components' counts before the first
    /// item, then `body` each item in order. Two passes over the text (ICalOutline), so that
    /// only one item's VTODOs are parsed at a time. A refusal after `body` had items throws
    /// too: whoever keeps them keeps none.
    public func each(_ whole: String, newID: () -> UUID, skipped: ([CalendarWire.Skipped]) -> Void,
                     _ body: (TodoItem) -> Void) throws(ICalError) {
        var whole = whole
        var refusal: ICalError?
        whole.withUTF8 { bytes in
            do throws(ICalError) { try bounds.check(bytes) } catch { refusal = error }
        }
        if let refusal { throw refusal }
        let text = whole[...]
        let outline = ICalOutline(text, newID: newID)
        guard outline.calendars > 0 else { throw .notICalendar }
        icalerror_set_errors_are_fatal(0)
        skipped(outline.skipped.map { CalendarWire.Skipped(kind: $0.kind, count: $0.count) })
        var count = 0
        func give(_ item: TodoItem) {
            var item = item
            // A child named by its parent's RELATED-TO;RELTYPE=CHILD (ICalOutline.adopt).
            if item.parent == nil, let parent = outline.parentOf[item.uid] { item.parent = parent }
            count += 1
            body(item)
        }
        for (index, todo) in outline.todos.enumerated() where !outline.joined.contains(index) {
            let group = (outline.groups[index] ?? [index]).compactMap { outline.todo($0, in: text) }
            let kept = VTodoReader.kept(group, zones: outline.zones[Int(todo.calendar)],
                                        product: outline.products[Int(todo.calendar)])
            let series = try item(kept, todos: group, number: count + 1, id: outline.madeUp[index] ?? newID())
            give(series)
            for occurrence in occurrences(kept, todos: group, of: series, newID: newID) { give(occurrence) }
        }
    }

    /// The text an item keeps: its VTODOs as written and the VTIMEZONEs they name, in a
    /// VCALENDAR with the PRODID of the calendar they came in (`product`, its line as written).
    static func kept(_ todos: [RawComponent], zones: [String: RawComponent], product: String? = nil) -> String {
        let body = todos.map { $0.text() }.joined()
        // A TZID is named in a parameter, quoted or not: a zone the text does not name is left out.
        let named = zones.keys.filter { body.contains("TZID=" + $0) || body.contains("TZID=\"" + $0 + "\"") }
        return "BEGIN:VCALENDAR\r\n" + (product.map { $0 + "\r\n" } ?? "") + named.sorted().compactMap { zones[$0]?.text() }.joined() + body + "END:VCALENDAR\r\n"
    }

    /// A component's name for the skipped count: the wire separates the count with a space.
    static func kindName(_ name: String) -> String {
        name.isEmpty || name.count > 40 || name.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "-" })
            ? "unknown" : TextSafety.neutralised(name)
    }

    /// Each text a calendar object holding exactly one VTODO (what a CalDAV server sends per
    /// resource): one item per text, in order, each followed by the finished occurrences its
    /// series records (Occurrence). A refusal names the object by its place (1-based).
    public func readEach(_ texts: [String], newID: () -> UUID) throws(ICalError) -> [TodoItem] {
        var items: [TodoItem] = []
        for (index, text) in texts.enumerated() {
            let batch: CalendarWire.Batch
            do throws(ICalError) {
                batch = try read(text, newID: newID)
            } catch {
                throw .inObject(record: index + 1, reason: error.description)
            }
            let series = batch.items.filter { !$0.isOccurrence }
            guard series.count == 1, let item = series.first else {
                throw .inObject(record: index + 1, reason: "\(series.count) VTODOs where one was expected")
            }
            items.append(item)
            items += batch.items.filter(\.isOccurrence)
        }
        return items
    }

    /// The finished occurrences a series's other clients recorded apart (RECURRENCE-ID with
    /// STATUS:COMPLETED or COMPLETED), each a done item (Occurrence): its own title and day
    /// (its DUE, else the RECURRENCE-ID moved as the series's start is from its due day). One
    /// Errand cannot read as an item is left out of the list; its VTODO stays in the series.
    func occurrences(_ kept: String, todos: [RawComponent], of series: TodoItem, newID: () -> UUID) -> [TodoItem] {
        guard todos.count > 1, series.repeats != nil, let parsed = ICalSeries(kept) else { return [] }
        defer { parsed.free() }
        let raw = todos.enumerated().filter { $0.offset != parsed.masterIndex }.map(\.element)
        // RECURRENCE-ID in the series's own local time, as VTodoFields.firstOpen reads it.
        let start = ICalOccurrences.anchor(parsed.master).flatMap(ICalOccurrences.day)
        let due = zone.due(icalcomponent_get_due(parsed.master))?.day ?? zone.due(icalcomponent_get_dtstart(parsed.master))?.day
        var found: [TodoItem] = []
        for (todo, text) in zip(parsed.overrides, raw) {
            guard let recurrenceID = text.value("RECURRENCE-ID"), VTodoFields.completed(todo),
                  let occurrence = ICalOccurrences.day(icalcomponent_get_recurrenceid(todo)) else { continue }
            let f = VTodoFields(todo, zone: zone)
            let shift = (due?.dayNumber ?? 0) - (start?.dayNumber ?? due?.dayNumber ?? 0)
            let day = f.due ?? occurrence.adding(days: shift)
            let stamp = f.modified ?? f.stamp ?? series.modified
            let done = TodoItem(id: newID(), uid: Occurrence.uid(series: series.uid, recurrenceID: recurrenceID),
                                title: f.title == VTodoFields.untitled ? series.title : f.title, due: day,
                                time: f.due == nil ? series.time : f.time, location: series.location, isDone: true,
                                created: f.created ?? stamp, modified: stamp)
            if let valid = try? done.validated() { found.append(valid) }
        }
        return found
    }

    /// `todos`: the VTODOs in `kept`, as written. A declared field's value Errand refuses
    /// (PRIORITY:-3, ten thousand CATEGORIES) leaves that field empty and is said in the
    /// item's `damage`, one line naming the field and its limit; its line stays in the text.
    func item(_ kept: String, todos: [RawComponent], number: Int, id: UUID) throws(ICalError) -> TodoItem {
        guard kept.utf8.count <= TodoItem.maxICalendarBytes else {
            throw .unusableTodo(number: number, reason: "larger than \(TodoItem.maxICalendarBytes / 1024) KB")
        }
        guard let series = ICalSeries(kept) else {
            throw .unusableTodo(number: number, reason: "libical cannot read it")
        }
        defer { series.free() }
        let master = todos.indices.contains(series.masterIndex) ? todos[series.masterIndex] : todos.first
        var (declared, refused) = master.map(DeclaredLines.read) ?? (ItemFieldValues(), [])
        let f = VTodoFields(series.master, overrides: series.overrides, zone: zone, declared: declared,
                            structured: master.flatMap(StructuredLocation.read))
        // The fields as VTodoFields read them (the start from DTSTART), and the alarms'.
        var fields = f.declared
        if let master {
            let alarms = AlarmComponents(zone: zone, dated: f.due != nil, started: f.declared[.start] != nil)
            let read = alarms.read(master)
            fields[.reminders] = read.value
            if let reason = read.refused { refused.append(reason) }
            let rung = alarms.lastRung(master)
            fields[.reminded] = rung.value
            if let reason = rung.refused { refused.append(reason) }
            let snooze = alarms.snoozed(master)
            fields[.snoozed] = snooze.value
            if let reason = snooze.refused { refused.append(reason) }
            do {
                fields[.parent] = try ParentLines.read(master)
            } catch {
                refused.append("\(ParentLines.property) not read: \(error.description)")
            }
        }
        // RFC 5545 requires a UID; one missing is made up once, here, and kept from then on.
        let uid = f.uid ?? id.uuidString
        let created = f.created ?? f.stamp ?? now
        let item = TodoItem(id: id, uid: uid, title: f.title, notes: f.notes,
                            due: f.due, time: f.due == nil ? nil : f.time, location: f.location, isDone: f.done,
                            created: created, modified: f.modified ?? f.stamp ?? created,
                            repeats: f.repeats, icalendar: kept, fields: fields)
        do {
            var valid = try item.validated()
            if !refused.isEmpty { valid.damage = refused.joined(separator: "; ") }
            return valid
        } catch {
            throw .unusableTodo(number: number, reason: "\(error.description) (UID \(TextSafety.neutralised(String(uid.prefix(80)))))")
        }
    }
}
