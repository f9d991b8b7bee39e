import ErrandDomain
import ErrandStorage

/// A screen that lists items (a day, all, what find found, the overdue ones): how to read its
/// size and a page of it, and how it is headed. One paging path serves them all.
struct ItemList {
    /// The day shown, for a one-day list; nil for the other lists.
    let day: DueDay?
    /// Whether each row shows its day: not where all rows share one (a day, No date).
    var showsDates: Bool { day == nil && !undated }
    private var undated = false
    let heading: String
    /// What an empty list says.
    let empty: String
    /// Whether `empty` says it all, without the heading above it (`nothing found for "xyz"`
    /// rather than `Found "xyz"` over `nothing found`).
    private(set) var emptySaysItAll = false
    let total: () throws -> Int
    let page: (_ offset: Int, _ limit: Int) throws -> [TodoItem]

    /// nil for a route that lists no items.
    init?(_ route: Route, store: ErrandStore, labeler: DayLabeler) {
        switch route {
        case let .day(day):
            self.day = day
            heading = labeler.longLabel(day)
            empty = "nothing here: create TITLE adds one to this day"
            total = { try store.itemCount(on: day) }
            page = { try store.items(on: day, offset: $0, limit: $1) }
        case .all, .added:
            day = nil
            heading = route == .all ? "All items" : "All items, in the order added"
            empty = "nothing here: create TITLE adds one"
            total = { try store.counts().total }
            page = route == .all ? { try store.agenda(offset: $0, limit: $1) } : { try store.allItems(offset: $0, limit: $1) }
        case let .found(query):
            day = nil
            heading = "Found \"\(query)\""
            empty = "nothing found for \"\(query)\""
            emptySaysItAll = true
            total = { try store.matchCount(query) }
            page = { try store.matching(query, offset: $0, limit: $1) }
        case let .overdue(before):
            day = nil
            heading = "Overdue: due before " + labeler.longLabel(before)
            empty = "nothing is overdue"
            total = { try store.overdueCount(before: before) }
            page = { try store.overdueItems(before: before, offset: $0, limit: $1) }
        case .undated:
            day = nil
            undated = true
            heading = "No date"
            empty = "every item has a date"
            total = { try store.itemCount(on: nil) }
            page = { try store.items(on: nil, offset: $0, limit: $1) }
        case .week, .item, .createForm, .ads, .adsFound, .ad, .near, .help:
            return nil
        }
    }
}
