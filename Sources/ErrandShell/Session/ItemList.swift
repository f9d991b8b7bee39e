import ErrandDomain
import ErrandStorage

/// A screen that lists items (a day, all, what find found, the overdue ones): the query the
/// store reads its size and pages by, and how it is headed. One paging path serves them all.
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
    let query: ItemQuery

    /// nil for a route that lists no items.
    init?(_ route: Route, labeler: DayLabeler) {
        switch route {
        case let .day(day):
            self.day = day
            heading = labeler.longLabel(day)
            empty = "nothing here: create TITLE adds one to this day"
            query = .day(day)
        case .all, .added:
            day = nil
            heading = route == .all ? "All items" : "All items, in the order added"
            empty = "nothing here: create TITLE adds one"
            query = route == .all ? .agenda : .added
        case let .found(words):
            day = nil
            // A query that quotes a phrase is shown as typed, not quoted twice.
            let quoted = words.description.contains("\"")
            let shown = quoted ? words.description : "\"\(words)\""
            heading = (quoted ? "Found: " : "Found ") + shown
            empty = "nothing found for " + shown
            emptySaysItAll = true
            query = .found(words)
        case let .overdue(before):
            day = nil
            heading = "Overdue: due before " + labeler.longLabel(before)
            empty = "nothing is overdue"
            query = .overdue(before: before)
        case .undated:
            day = nil
            undated = true
            heading = "No date"
            empty = "every item has a date"
            query = .day(nil)
        case .week, .item, .createForm, .ads, .adsFound, .ad, .near, .help, .board:
            return nil
        }
    }
}
