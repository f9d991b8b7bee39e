/// What `receive` did with one item.
public enum CalendarReceipt: Equatable, Sendable {
    case added(TodoItem)
    case updated(before: TodoItem, after: TodoItem)
    /// The stored item is as recent or more: nothing changed.
    case unchanged
    /// Equal to another open item (the equal-item rule), or its id is taken.
    case refused
}
