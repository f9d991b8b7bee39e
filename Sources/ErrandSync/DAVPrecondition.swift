/// A precondition or postcondition a server names in the `DAV:error` body of a 403, 409 or
/// 412 (RFC 4918 §16, RFC 4791 §5.3.2.1, RFC 3744 §7.1.1, RFC 6638 §3.2.4): the reason a write
/// or a read was refused, put in the error line with what the user can do, since "access
/// refused" alone sends a user to check rights that are fine (Cyrus's one-UID-per-account
/// rule answers 403).
public enum DAVPrecondition: String, CaseIterable, Sendable {
    case uniqueSchedulingObject = "unique-scheduling-object-resource"
    case noUIDConflict = "no-uid-conflict"
    case needPrivileges = "need-privileges"
    case validCalendarObject = "valid-calendar-object-resource"
    case validCalendarData = "valid-calendar-data"
    case supportedCalendarComponent = "supported-calendar-component"
    case supportedCalendarData = "supported-calendar-data"
    case maxResourceSize = "max-resource-size"
    case calendarCollectionLocation = "calendar-collection-location-ok"
    case validSyncToken = "valid-sync-token"
    case numberOfMatchesWithinLimits = "number-of-matches-within-limits"

    /// What to do, after the condition's name.
    public var advice: String {
        switch self {
        case .uniqueSchedulingObject:
            return "the server keeps one copy of a task per account and this UID is in another of its calendars; "
                + "`move` the item to that list, or delete the other copy"
        case .noUIDConflict: return "another task in the collection has this UID; delete one of the two"
        case .needPrivileges: return "the account may not do this here; check its rights on the collection"
        case .validCalendarObject, .validCalendarData:
            return "the server refuses this task's iCalendar text; `export` it and report it with the server's name"
        case .supportedCalendarComponent: return "the collection takes no tasks (events only); give a task list's URL"
        case .supportedCalendarData: return "the server refuses iCalendar 2.0 text here; give a task list's URL"
        case .maxResourceSize: return "the task is larger than the server takes; shorten its notes"
        case .calendarCollectionLocation: return "no calendar can be made at this URL; give a task list's URL"
        case .validSyncToken: return "the server forgot the sync state; sync again to read the whole list"
        case .numberOfMatchesWithinLimits: return "the server limits how many tasks one request returns"
        }
    }

    /// The first condition the `DAV:error` body names (any namespace: servers differ), or nil.
    public static func named(in body: [UInt8]) -> DAVPrecondition? {
        conditions(in: body).first?.condition
    }

    /// The href the condition `self` names in the body: for unique-scheduling-object-resource,
    /// where the account keeps that UID already (RFC 6638 §3.2.4.1).
    public func href(in body: [UInt8]) -> String? {
        DAVPrecondition.conditions(in: body).first { $0.condition == self }?.node.child("DAV:", "href")?.text
    }

    static func conditions(in body: [UInt8]) -> [(condition: DAVPrecondition, node: XMLNode)] {
        guard !body.isEmpty, body.count <= 65_536, let root = try? XMLReader().parse(body), root.name == "error" else {
            return []
        }
        return root.children.compactMap { node in DAVPrecondition(rawValue: node.name).map { ($0, node) } }
    }
}
