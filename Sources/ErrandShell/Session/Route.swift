import ErrandDomain

/// One screen on a tab's navigation stack.
public enum Route: Equatable, Sendable {
    case week(start: DueDay)
    case day(DueDay)
    case all
    /// What `find` found.
    case found(SearchQuery)
    /// The open items due before this day, oldest first.
    case overdue(before: DueDay)
    /// An item's detail, holding the item as last read, so the prompt can name it without
    /// reading the store.
    case item(TodoItem)
    case createForm
    case ads
    case ad(Int64)
}
