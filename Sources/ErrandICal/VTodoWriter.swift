import CLibical
import ErrandDomain
import Foundation

/// Writes items as VTODOs with libical, in the shape sync sends. An item read from iCalendar
/// is written from the VTODO it kept: only the properties whose meaning the item changed are
/// rewritten (SUMMARY, DESCRIPTION, DUE, LOCATION and GEO, STATUS and COMPLETED, RRULE), with
/// LAST-MODIFIED and DTSTAMP when anything did; the rest (alarms, categories, priority, X-
/// properties, parameters, an RRULE Errand cannot map) goes out as it came in.
public struct VTodoWriter {
    static let productID = "-//Errand//Errand//EN"
    let zone: ICalZone

    public init(zoneName: String) {
        zone = ICalZone(name: zoneName)
    }

    /// One VCALENDAR holding every item's VTODO and the VTIMEZONEs they name; nil only when
    /// libical cannot allocate.
    public func calendar(_ items: [TodoItem]) -> String? {
        guard let calendar = icalcomponent_new_vcalendar() else { return nil }
        defer { icalcomponent_free(calendar) }
        icalcomponent_add_property(calendar, icalproperty_new_version("2.0"))
        icalcomponent_add_property(calendar, icalproperty_new_prodid(VTodoWriter.productID))
        var zones: [String: OpaquePointer] = [:]
        var todos: [OpaquePointer] = []
        for item in items {
            guard let (todo, kept) = vtodo(item) else {
                todos.forEach { icalcomponent_free($0) }
                zones.values.forEach { icalcomponent_free($0) }
                return nil
            }
            todos.append(todo)
            // The first VTIMEZONE of a TZID wins; copies of it are freed (FuzzVTodo found them leaked).
            for (id, component) in kept {
                if zones[id] == nil { zones[id] = component } else { icalcomponent_free(component) }
            }
        }
        let named = todos.reduce(into: Set<String>()) { $0.formUnion(ICalTree.tzids($1)) }
        for id in named.sorted() {
            if let component = zones.removeValue(forKey: id) {
                icalcomponent_add_component(calendar, component)
            } else if id == zone.tzid, let component = zone.vtimezone() {
                icalcomponent_add_component(calendar, component)
            }
        }
        for unused in zones.values { icalcomponent_free(unused) }
        for todo in todos { icalcomponent_add_component(calendar, todo) }
        return ICalTree.text(calendar)
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

    /// The item's VTODO (a new component the caller owns) and copies of the VTIMEZONEs its
    /// kept text held, by TZID.
    func vtodo(_ item: TodoItem) -> (OpaquePointer, [String: OpaquePointer])? {
        var zones: [String: OpaquePointer] = [:]
        var todo: OpaquePointer?
        if let text = item.icalendar, let root = icalparser_parse_string(text) {
            defer { icalcomponent_free(root) }
            let calendar = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? root
                : ICalTree.children(root, ICAL_VCALENDAR_COMPONENT).first
            if let calendar {
                todo = ICalTree.children(calendar, ICAL_VTODO_COMPONENT).first.flatMap { icalcomponent_new_clone($0) }
                for component in ICalTree.children(calendar, ICAL_VTIMEZONE_COMPONENT) {
                    guard let property = icalcomponent_get_first_property(component, ICAL_TZID_PROPERTY),
                          let id = icalproperty_get_tzid(property), zones[String(cString: id)] == nil else { continue }
                    zones[String(cString: id)] = icalcomponent_new_clone(component)
                }
            }
        }
        guard let kept = todo ?? icalcomponent_new_vtodo() else {
            zones.values.forEach { icalcomponent_free($0) }
            return nil
        }
        let before = todo.map { VTodoFields($0, zone: zone) }
        VTodoEdit(todo: kept, zone: zone).apply(item, over: before)
        return (kept, zones)
    }
}
