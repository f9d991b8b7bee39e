import ErrandDomain

/// The content of a screen, already resolved from the store.
public enum Screen: Equatable, Sendable {
    case week(rows: [WeekRow], today: DueDay)
    /// A list of items with one numbering over both sections; `day` is nil for the all-items list.
    case items(day: DueDay?, heading: String, rows: [TodoItem])
    case detail(TodoItem, dayLabel: String)
    case lines(name: String, [String])
    case form(String)
}
