/// Every way a to-do rule can refuse, as a value; `description` is the one line the user sees.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
    case duplicate(title: String, due: DueDay?)
    /// A field that needs a due day, on an item without one (`a time`, `a repeat rule`).
    case undatedField(String)
    case emptyUID
    case notFound(String)
    case alreadyDone(String)
    case notDone(String)
    /// `start` on a started item, `stop` on one not started, `cancel` on a cancelled one.
    case alreadyIn(String, ItemState)
    /// `check` on a cancelled item: given up is not done; `uncheck` reopens it first.
    case cancelledNotChecked(String)
    case emptyTitle
    case emptyLocationName
    case invalidCoordinates(String)
    case invalidDate(String)
    case invalidTime(String)
    /// A day a command computed or read outside the years the stores hold.
    case dateOutOfRange(String)
    case tooLong(field: String, limit: Int)
    case controlCharacters(field: String)
    /// A declared field's value outside its kind or limits (ItemField.checked): the line
    /// names the field and the limit.
    case invalidField(String)
    /// The last sequence number (read from a store) is Int64.max, so no item can follow it.
    /// Stores name their file and say this in their own words (PlistItemStore).
    case sequenceExhausted
    /// A start after the due moment: RFC 5545 forbids DTSTART after DUE, and the week would
    /// hide the item on its own due day.
    case startAfterDue(start: DayTime, due: DayTime)

    public var description: String {
        switch self {
        case let .duplicate(title, due):
            // The day as every other line shows it (`Tue Dec 8`), not as ISO.
            let when = due.map { "for " + DayLabeler.english.label($0) } ?? "without a date"
            return "\"\(title)\" is already on the list \(when); change the title, notes, date or place to add another"
        case let .undatedField(what):
            // Said so that create (leave --every out) and edit (--no-repeat) both read it right.
            let without = switch what {
            case "a time": "--no-time"
            case "a reminder before its due time": "a reminder at a moment (--remind \"dec 3 08:00\"; edit: --no-remind)"
            default: "no repeat (leave --every out; edit: --no-repeat)"
            }
            return "an item without a date cannot have \(what): give it a date, or \(without)"
        case .emptyUID:
            return "an item needs a UID"
        case let .notFound(what):
            return "no item \(what)"
        case let .alreadyDone(title):
            return "\"\(title)\" is already done"
        case let .notDone(title):
            return "\"\(title)\" is not done"
        case let .alreadyIn(title, state):
            switch state {
            case .toDo: return "\"\(title)\" is not started"
            case .started: return "\"\(title)\" is already started"
            case .done: return "\"\(title)\" is already done"
            case .cancelled: return "\"\(title)\" is already cancelled"
            }
        case let .cancelledNotChecked(title):
            return "\"\(title)\" is cancelled: uncheck it to reopen it, then check it"
        case .emptyTitle:
            return "an item needs a title"
        case .emptyLocationName:
            return "a place needs a name"
        case let .invalidCoordinates(text):
            return "invalid coordinates \"\(text)\": expected LAT,LON with latitude -90...90 and longitude -180...180"
        case let .controlCharacters(field):
            return "the \(field) contains control characters (such as escape or NUL); type plain text"
        case let .invalidField(line):
            return line
        case let .tooLong(field, limit):
            return "the \(field) is too long: at most \(limit) characters"
        case let .startAfterDue(start, due):
            let say = { (at: DayTime) in DayLabeler.english.label(at.day) + (at.time.map { " \($0)" } ?? "") }
            return "an item cannot start (\(say(start))) after it is due (\(say(due))): give a start on or before the due day, or --no-start"
        case .sequenceExhausted:
            return "the items' sequence numbers are at their largest (\(Int64.max)); nothing was changed"
        case let .invalidDate(text):
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return "cannot read the date \"\(shown)\": try YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +3d, +2w or dec 1"
        case let .invalidTime(text):
            let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
            return "cannot read the time \"\(shown)\": try 14:30 (24-hour) or 2pm"
        case let .dateOutOfRange(what):
            return "\(what) is outside the years 1 to 9999, which is all a store holds; nothing was changed"
        }
    }
}
