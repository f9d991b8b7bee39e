import ErrandDomain

/// A numbered row as it was shown: what `open N`, `swipe N`, `check N` refer to. Item rows
/// keep the item as listed so a command can tell that it changed or vanished since; a
/// streamed list's rows keep only enough to tell that (ListedItem). The items and ads are
/// boxed, so a row of the other kinds is not as large as an item.
public enum ListingRow: Equatable, Sendable {
    case day(DueDay)
    indirect case item(TodoItem)
    /// A day's row for a series whose later occurrence falls on that day (LaterOccurrences):
    /// `open N` shows the series; a change is made to its open occurrence, on `openLabel`.
    indirect case later(TodoItem, openLabel: String)
    /// A row of a list too long to hold whole, read again when a command names it.
    case listed(ListedItem)
    indirect case ad(Ad)
    /// The week's Overdue row: the open items due before this day.
    case overdue(before: DueDay)
    /// The week's No date row: the items without a due day.
    case undated
    /// A row of `categories`: `open N` (or `filter N`) shows that category's ads.
    case category(String)
    /// A row of `tags`: `open N` finds the items with that tag.
    case tag(String)
    /// A row of `conflicts`: a kept conflict by its store number (KeptConflict.id), with its
    /// title; `open N` or `conflicts N` shows both sides, `keep here|there|both N` decides it.
    case conflict(Int64, title: String)
}
