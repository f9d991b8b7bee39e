import ErrandDomain

/// The content of a screen, already resolved from the store.
public enum Screen: Equatable, Sendable {
    /// `overdue`: open items due before today, shown as row 0 when the week starts today;
    /// `undated`: open items without a due day, shown as row 8 after the days when there are any.
    case week(rows: [WeekRow], today: DueDay, overdue: Int, undated: Int)
    /// A page of a list of items with one numbering over both sections, rows numbered from
    /// `first` out of `total`; `day` is nil for lists of several days (all, found, overdue),
    /// which show each item's day; `empty` is what an empty list says.
    case items(day: DueDay?, heading: String, rows: [TodoItem], first: Int, total: Int, empty: String)
    case detail(TodoItem, dayLabel: String)
    case lines(name: String, [String])
    case form(String)
    /// A page of the ads list: rows numbered from `first`, out of `total`.
    case ads(heading: String, rows: [AdRow], first: Int, total: Int)
    case adDetail(Ad, category: String)
    case categories([CategoryCount])
    /// `log`: journal entries, newest first.
    case log([LogRow])
}

/// An ad as listed, with its category name resolved.
public struct AdRow: Equatable, Sendable {
    public var ad: Ad
    public var category: String
}

public struct CategoryCount: Equatable, Sendable {
    public var name: String
    public var count: Int
}
