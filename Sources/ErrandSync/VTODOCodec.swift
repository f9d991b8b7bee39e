import ErrandDomain
import Foundation

/// How items become VTODO text and back (the iCalendar mapping, libical's work). The sync
/// engine sends and reads only through this, so it never writes iCalendar by hand.
public protocol VTODOCodec: Sendable {
    /// The whole VCALENDAR for `item`; properties Errand does not model come from
    /// `item.icalendar` unchanged.
    func text(for item: TodoItem) throws -> String
    /// The item `text` describes, with `id` as its local id; refuses hostile text with one line.
    func item(from text: String, id: UUID) throws -> TodoItem
}
