import CLibical

/// Walking and copying libical components.
enum ICalTree {
    /// The direct children of `parent` of one kind (or ICAL_ANY_COMPONENT), in order.
    static func children(_ parent: OpaquePointer, _ kind: icalcomponent_kind) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(parent, kind)
        while let current = child {
            found.append(current)
            child = icalcomponent_get_next_component(parent, kind)
        }
        return found
    }

    /// The text of a component (libical folds and escapes it).
    static func text(_ component: OpaquePointer) -> String {
        guard let buffer = icalcomponent_as_ical_string_r(component) else { return "" }
        defer { icalmemory_free_buffer(buffer) }
        return String(cString: buffer)
    }

    /// Every TZID parameter in a component and its subcomponents.
    static func tzids(_ component: OpaquePointer) -> Set<String> {
        var found = Set<String>()
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            if let parameter = icalproperty_get_first_parameter(current, ICAL_TZID_PARAMETER),
               let id = icalparameter_get_tzid(parameter) {
                found.insert(String(cString: id))
            }
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        for child in children(component, ICAL_ANY_COMPONENT) { found.formUnion(tzids(child)) }
        return found
    }
}
