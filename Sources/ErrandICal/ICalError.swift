/// Why an iCalendar text was refused; `description` is the one line the user sees.
public enum ICalError: Error, Equatable, Sendable, CustomStringConvertible {
    case notICalendar
    case tooDeep(line: Int, limit: Int)
    case tooManyComponents(limit: Int)
    case propertyTooLong(line: Int, limit: Int)
    case unusableTodo(number: Int, reason: String)
    /// What was wrong with one calendar object (one resource of a CalDAV collection), by its
    /// place in the batch.
    case inObject(record: Int, reason: String)

    public var description: String {
        switch self {
        case .notICalendar:
            return "not an iCalendar file (no BEGIN:VCALENDAR)"
        case let .tooDeep(line, limit):
            return "components nested more than \(limit) deep at line \(line): refused"
        case let .tooManyComponents(limit):
            return "more than \(limit) components: refused"
        case let .propertyTooLong(line, limit):
            let size = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit >> 10) KB"
            return "a property longer than \(size) at line \(line): refused"
        case let .unusableTodo(number, reason):
            return "VTODO \(number): \(reason)"
        case let .inObject(record, reason):
            return "calendar object \(record): \(reason)"
        }
    }
}
