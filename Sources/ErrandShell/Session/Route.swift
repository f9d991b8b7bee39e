import ErrandDomain

/// One screen on a tab's navigation stack.
public enum Route: Equatable, Sendable {
    case week(start: DueDay)
    case day(DueDay)
    /// Every item: To do by due day, then Done in check order.
    case all
    /// Every item in the book app's order: as added, then as checked.
    case added
    /// What `find` found.
    case found(SearchQuery)
    /// The open items due before this day, oldest first.
    case overdue(before: DueDay)
    /// The items without a due day (the week's No date row).
    case undated
    /// An item's detail, holding the item as last read, so the prompt can name it without
    /// reading the store.
    case item(TodoItem)
    /// The open items nearest a point (`near`), within `radius` metres when given; `label`
    /// names the point as typed.
    case near(NearbyCentre)
    /// `help` (or `help COMMAND`), paged like any long list: `shown` lines so far.
    case help(command: String?, shown: Int)
    case createForm
    /// `board`: the items by state, in columns.
    case board
    case ads
    /// What `find` found among the ads (within the filter).
    case adsFound(AdQuery)
    case ad(Int64)
}
