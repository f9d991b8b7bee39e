import CLibical

/// The VTODOs one item keeps, parsed by libical: the series (the VTODO without RECURRENCE-ID,
/// else the first) and the occurrences recorded apart from it. The caller frees it.
struct ICalSeries {
    let root: OpaquePointer
    let master: OpaquePointer
    let overrides: [OpaquePointer]
    /// Where the master is among the VTODOs, in the text's order.
    let masterIndex: Int

    init?(_ text: String) {
        icalerror_set_errors_are_fatal(0)
        guard let root = icalparser_parse_string(text) else { return nil }
        let calendar = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? root
            : ICalTree.children(root, ICAL_VCALENDAR_COMPONENT).first
        let todos = calendar.map { ICalTree.children($0, ICAL_VTODO_COMPONENT) } ?? []
        guard let first = todos.first else {
            icalcomponent_free(root)
            return nil
        }
        let index = todos.firstIndex { icalcomponent_get_first_property($0, ICAL_RECURRENCEID_PROPERTY) == nil } ?? 0
        self.root = root
        masterIndex = index
        master = todos.indices.contains(index) ? todos[index] : first
        overrides = todos.enumerated().filter { $0.offset != index }.map(\.element)
    }

    func free() { icalcomponent_free(root) }
}
