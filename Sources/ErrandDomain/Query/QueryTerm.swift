/// One condition of a `find` query (QueryExpression), as both backends test it: the plist
/// backend with `matches`, SQLite with a condition over its indexes (SQLiteQueryCondition).
/// Days are day numbers already read against the day the query was typed, so a saved or
/// paged query means the same days on every page.
public enum QueryTerm: Hashable, Sendable {
    /// A folded word that must begin a word of the title, notes or place.
    case word(String)
    /// A tag key (ItemField.key), held whole.
    case tag(String)
    /// Priority numbers on iCalendar's scale (1...4 high, 5...5 medium, 6...9 low).
    case priority(ClosedRange<Int>)
    /// Due on a day from `first` through `last` (day numbers; none when `last` is before
    /// `first`); never the items without one.
    case due(first: Int, last: Int)
    case open
    case done
    /// Open and due before this day number.
    case overdue(before: Int)
    case repeating
    /// With coordinates.
    case located
    case undated
    /// A subtask: it has a parent (ItemField.parent), stored here or not.
    case subtask
    /// Open, with coordinates within `metres` of `place`'s point, as `near` lists them.
    case near(NearTerm)
    /// In the list whose folded name (ItemField.key) is `key`; `main` when that list is the
    /// store's main one, whose items carry no list value (ListNames).
    case list(key: String, main: Bool)
    /// Open and begun (ItemState.started).
    case started
    /// Closed as given up (ItemState.cancelled); `is:done` holds these too, as Done lists them.
    case cancelled
    /// A progress within the range, none counting as 0.
    case progress(ClosedRange<Int>)

    /// The priority words of `priority:` and the marks `!`, `!!`, `!!!` lists show.
    public static let priorities: [(word: String, mark: String, numbers: ClosedRange<Int>)] = [
        ("high", "!!!", 1...4), ("medium", "!!", 5...5), ("low", "!", 6...9),
    ]

    public func matches(_ item: TodoItem) -> Bool {
        switch self {
        case let .word(word):
            return SearchQuery.words(of: [item.title, item.notes ?? "", item.location?.name ?? ""].joined(separator: " "))
                .contains { $0.hasPrefix(word) }
        case let .tag(key):
            return item.tags.contains { ItemField.key($0) == key }
        case let .priority(numbers):
            return item.priority.map(numbers.contains) ?? false
        // The day an item is listed on (a start-only item: its start), as SQLite keeps it in `due`.
        case let .due(first, last):
            return item.listDay.map { first <= $0.dayNumber && $0.dayNumber <= last } ?? false
        case .open: return !item.isDone
        case .done: return item.isDone
        case let .overdue(today): return !item.isDone && (item.listDay.map { $0.dayNumber < today } ?? false)
        case .repeating: return item.repeats != nil
        case .located: return item.location?.coordinate != nil
        case .undated: return item.listDay == nil
        case .subtask: return item.parent != nil
        case let .near(near): return !item.isDone && near.contains(item.location?.coordinate)
        case let .list(key, main): return item.list.map { ItemField.key($0) == key } ?? main
        case .started: return item.state == .started
        case .cancelled: return item.state == .cancelled
        case let .progress(range): return range.contains(item.progress ?? 0)
        }
    }
}
