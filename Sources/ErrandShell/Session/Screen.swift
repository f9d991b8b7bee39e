import ErrandCatalogue
import ErrandDomain

/// The content of a screen, already resolved from the store.
public enum Screen: Equatable, Sendable {
    /// `overdue`: open items due before today, shown as row 0 when the week starts today;
    /// `undated`: open items without a due day, shown as row 8 after the days when there are any.
    case week(rows: [WeekRow], today: DueDay, overdue: Int, undated: Int)
    /// A page of a list of items with one numbering over both sections, rows numbered from
    /// `first` out of `total`; `day` is nil for lists of several days (all, found, overdue, no
    /// date); `dated`: whether rows show their day (not in a day's list or the No date list,
    /// where all rows share it); `empty` is what an empty list says.
    /// `tree`: the rows' depths under their parents and the counts of children not shown.
    /// `later`: a day's list ends with the series whose later occurrence falls on that day
    /// (LaterOccurrences), each shown on its open day, numbered after the rows.
    case items(day: DueDay?, dated: Bool, heading: String, rows: [TodoItem], first: Int, total: Int, empty: String,
               tree: ListTree = ListTree(), later: [TodoItem] = [])
    /// `matched`: the address a geocoder matched for the item's place, when known.
    /// `subtasks`: the first page of a parent's children, numbered from 1 for `open N` and
    /// `check N`, out of `subtaskTotal`; `under`: the title of the item's parent, when it is a
    /// subtask of one that is stored.
    /// `left`: the occurrences left of a series that ends after a number of them (COUNT).
    case detail(TodoItem, dayLabel: String, matched: String?, subtasks: ListTree = ListTree(), subtaskTotal: Int = 0,
                under: String? = nil, left: Int? = nil)
    /// A page of the open items nearest a point (`near`), rows numbered from `first`.
    case nearby(NearbyCentre, NearbyPage, first: Int)
    /// `help`: read as prose, so its lines wrap keeping their indent.
    case help([String])
    /// `history`: one line per entry, oldest first.
    case history([String])
    /// `remote`: the remote, its last good sync, and a failure since; like messages, never cut.
    case remote([String])
    /// `set` without a value: each setting with its current value.
    case settings([SettingValue])
    /// `abbr`: the abbreviations by name.
    case abbreviations([Abbreviation])
    case form(String)
    /// `board`: To do, In progress, Done (and Cancelled when any), numbered in that order.
    case board([BoardColumn])
    /// `conflicts`: the conflicts syncs kept, newest first, numbered.
    case conflicts([KeptConflict])
    /// `conflicts N`: one conflict's two sides, field by field, and the item as it is now.
    case conflict(KeptConflict, current: TodoItem?)
    /// A page of the ads list: rows numbered from `first`, out of `total`.
    case ads(heading: String, rows: [AdRow], first: Int, total: Int)
    /// `picture`: the photo drawn for the terminal, or why not (nil: none asked for).
    /// `earlier`: its earlier prices, oldest first, from successive syncs.
    case adDetail(Ad, category: String, picture: Picture?, earlier: [PricePoint])
    case categories([CategoryCount])
    /// `tags`: every tag with how many open items hold it, numbered for `open N`.
    case tags([WordCount])
    /// `remind`: the reminders that rang, earliest first.
    case reminders([RangReminder])
    /// `log`: journal entries, newest first.
    case log([LogRow])
    /// `lists`: every list, the main one first.
    case lists([ListSummary])
    /// `saved`: the saved searches by name.
    case savedSearches([SavedSearchRow])
    /// `stats`: the prices of what an ads search finds.
    case priceStats(PriceStatsView)
}

/// An ad as listed, with its category name resolved.
public struct AdRow: Equatable, Sendable {
    public var ad: Ad
    public var category: String
    /// In `run NAME --new`: the price it had when last reported, when it dropped since.
    public var was: Double? = nil
    /// In `run ALL --new`: every saved search that found it.
    public var searches: [String] = []
}

public struct CategoryCount: Equatable, Sendable {
    public var name: String
    public var count: Int
}
