/// The order a list is read in, declared once for every backend: the To do section sorted by
/// `toDo`, then the Done section sorted by `done`. The property-list backend sorts with
/// `areInIncreasingOrder`; SQLite writes the same keys as its ORDER BY (SQLiteItemStore+Query),
/// so changing an order here changes both, and the query-plan test says whether an index
/// still walks it.
public struct ItemOrder: Hashable, Sendable {
    /// One sort key, ascending, an item without the value after those with it.
    public enum Key: Hashable, Sendable {
        case due
        case time
        /// Highest first (1), those without one last.
        case priority
        case sequence
    }

    public let toDo: [Key]
    public let done: [Key]

    public init(toDo: [Key], done: [Key]) {
        self.toDo = toDo
        self.done = done
    }

    /// Inside a day, timed open items come in time order before untimed ones, then by priority,
    /// then as added.
    static let toDoInADay: [Key] = [.time, .priority, .sequence]

    /// The order items were added and checked, as the book app keeps its two sections.
    public static let sections = ItemOrder(toDo: [.sequence], done: [.sequence])
    /// `list`: To do by due day (those without a date last), each day in its own order, then
    /// Done in check order.
    public static let agenda = ItemOrder(toDo: [.due] + toDoInADay, done: [.sequence])
    /// One day's own order, for both sections.
    /// (Done items keep the same keys: one walk of item_day_order reads both sections.)
    public static let day = ItemOrder(toDo: toDoInADay, done: toDoInADay)

    /// The keys of one section.
    public func keys(done isDone: Bool) -> [Key] { isDone ? done : toDo }

    public func areInIncreasingOrder(_ a: TodoItem, _ b: TodoItem) -> Bool {
        if a.isDone != b.isDone { return !a.isDone }
        for key in keys(done: a.isDone) {
            if let ascending = key.ascending(a, b) { return ascending }
        }
        return false
    }
}

extension ItemOrder.Key {
    /// Whether `a` comes first on this key alone; nil when they tie on it.
    func ascending(_ a: TodoItem, _ b: TodoItem) -> Bool? {
        switch self {
        case .due: Self.nilLast(a.listDay, b.listDay)
        case .time: Self.nilLast(a.time, b.time)
        case .priority: Self.nilLast(a.priority, b.priority)
        case .sequence: a.sequence == b.sequence ? nil : a.sequence < b.sequence
        }
    }

    private static func nilLast<T: Comparable>(_ x: T?, _ y: T?) -> Bool? {
        switch (x, y) {
        case let (x?, y?): x == y ? nil : x < y
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): nil
        }
    }
}
