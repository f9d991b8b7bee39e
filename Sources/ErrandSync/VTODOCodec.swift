import ErrandDomain
import FoundationEssentials

/// How items become VTODO text and back (the iCalendar mapping, libical's work in the
/// errand-ical helper). The engine sends and reads only through this, in batches (one helper
/// run per batch), so it never writes iCalendar by hand.
public protocol VTODOCodec {
    /// One whole VCALENDAR per item, in order; properties Errand does not model come from
    /// each item's kept `icalendar` unchanged.
    func texts(for items: [TodoItem]) throws -> [String]
    /// One item per text, in order, each with a new id and followed by the finished
    /// occurrences its series records (Occurrence); hostile text is refused with one line.
    func items(from texts: [String]) throws -> [TodoItem]
}
