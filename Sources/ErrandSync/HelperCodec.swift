import ErrandDomain
import ErrandHelpers
import FoundationEssentials

/// The iCalendar mapping through errand-ical (libical stays out of errand): one helper run
/// per batch of texts.
public struct HelperCodec: VTODOCodec {
    public let helper: CalendarHelper
    public let now: () -> Date

    public init(helper: CalendarHelper, now: @escaping () -> Date = Date.init) {
        self.helper = helper
        self.now = now
    }

    public func texts(for items: [TodoItem]) throws -> [String] {
        try helper.writeEach(items, naming: "sync")
    }

    public func items(from texts: [String]) throws -> [TodoItem] {
        try helper.readEach(texts, now: now(), naming: "the server's VTODO", newID: UUID.init)
    }
}
