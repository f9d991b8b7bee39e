import CLibical
import ErrandDomain
import ErrandCalendarWire
import Foundation

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
        var text = text
        var refusal: ICalError?
        text.withUTF8 { bytes in
            do throws(ICalError) { try bounds.check(bytes) } catch { refusal = error }
        }
        if let refusal { throw refusal }
        icalerror_set_errors_are_fatal(0)
        guard let root = icalparser_parse_string(text) else { throw .notICalendar }
        defer { icalcomponent_free(root) }
        var calendars: [OpaquePointer] = []
        if icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT {
            calendars = [root]
        } else {
            calendars = ICalTree.children(root, ICAL_VCALENDAR_COMPONENT)
        }
        guard !calendars.isEmpty else { throw .notICalendar }
        var batch = CalendarWire.Batch(items: [])
        var skipped: [(String, Int)] = []
        for calendar in calendars {
            // Listed once per calendar: looked up per VTODO, a 10,000-item file walked every
            // component 10,000 times (2 s of libical's list walking for 1,000 items).
            let zones = ICalTree.zonesByTZID(calendar)
            for child in ICalTree.children(calendar, ICAL_ANY_COMPONENT) {
                let kind = icalcomponent_isa(child)
                if kind == ICAL_VTODO_COMPONENT {
                    batch.items.append(try item(child, zones: zones, number: batch.items.count + 1, id: newID()))
                } else if kind != ICAL_VTIMEZONE_COMPONENT {
                    // An X- or unknown component has no name in libical's table (found by FuzzVTodo).
                    let name = icalcomponent_kind_to_string(kind).map { String(cString: $0) } ?? "unknown component"
                    if let i = skipped.firstIndex(where: { $0.0 == name }) { skipped[i].1 += 1 } else { skipped.append((name, 1)) }
                }
            }
        }
        batch.skipped = skipped.map { CalendarWire.Skipped(kind: $0.0, count: $0.1) }
        return batch
    }

    /// Each text a calendar object holding exactly one VTODO (what a CalDAV server sends per
    /// resource): one item per text, in order. A refusal names the object by its place (1-based).
    public func readEach(_ texts: [String], newID: () -> UUID) throws(ICalError) -> [TodoItem] {
        var items: [TodoItem] = []
        for (index, text) in texts.enumerated() {
            let batch: CalendarWire.Batch
            do throws(ICalError) {
                batch = try read(text, newID: newID)
            } catch {
                throw .inObject(record: index + 1, reason: error.description)
            }
            guard batch.items.count == 1, let item = batch.items.first else {
                throw .inObject(record: index + 1, reason: "\(batch.items.count) VTODOs where one was expected")
            }
            items.append(item)
        }
        return items
    }

    func item(_ todo: OpaquePointer, zones: [String: OpaquePointer], number: Int, id: UUID) throws(ICalError) -> TodoItem {
        let f = VTodoFields(todo, zone: zone)
        let kept = ICalTree.standalone(todo, zones: zones)
        guard kept.utf8.count <= TodoItem.maxICalendarBytes else {
            throw .unusableTodo(number: number, reason: "larger than \(TodoItem.maxICalendarBytes / 1024) KB")
        }
        // RFC 5545 requires a UID; one missing is made up once, here, and kept from then on.
        let uid = f.uid ?? id.uuidString
        let created = f.created ?? f.stamp ?? now
        let item = TodoItem(id: id, uid: uid, title: f.title, notes: f.notes,
                            due: f.due, time: f.due == nil ? nil : f.time, location: f.location, isDone: f.done,
                            created: created, modified: f.modified ?? f.stamp ?? created,
                            repeats: f.repeats, icalendar: kept)
        do {
            return try item.validated()
        } catch {
            throw .unusableTodo(number: number, reason: "\(error.description) (UID \(TextSafety.neutralised(String(uid.prefix(80)))))")
        }
    }
}
