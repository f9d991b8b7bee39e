/// Where an item stands, as RFC 5545's STATUS says it (NEEDS-ACTION, IN-PROCESS, COMPLETED,
/// CANCELLED). Started is open, cancelled is closed: `isDone` stays the one test of whether an
/// item is still to do, so the week, reminders, overdue and `near` need no case of their own,
/// and a cancelled item is listed with the done ones, marked.
public enum ItemState: String, Sendable, CaseIterable {
    case toDo = "to do"
    case started = "in progress"
    case done
    case cancelled

    /// Out of To do: checked or cancelled.
    public var isClosed: Bool { self == .done || self == .cancelled }

    /// The status field's word for it (ItemField.status); nil for the two `isDone` says alone.
    var statusWord: String? {
        switch self {
        case .started: "started"
        case .cancelled: "cancelled"
        case .toDo, .done: nil
        }
    }
}
