import ErrandDomain

/// How SQLite reads a page of an ItemQuery: the statements, written from the query's
/// selection and its order's keys (ItemOrder), so no order is spelt out here a second time.
/// Every statement binds ?1 to its day or its words (if it has any), ?2 to LIMIT and ?3 to
/// OFFSET, so a plan depends on a query's shape alone and the shapes of the known orders are
/// written once, not on every page.
enum SQLitePagePlan {
    /// What the full-text index found, read in `list`'s order by `find`'s own walk.
    case find
    /// One statement, the sections one after the other in its ORDER BY.
    case one(String)
    /// To do, then Done from where To do ends: the page is cut across the two by the To do
    /// count the tallies hold. For orders whose sections sort differently, each walking its
    /// own index.
    case sections(toDo: String, done: String)

    /// A query without its day or its words.
    struct Shape: Hashable {
        enum Days: Hashable, CaseIterable { case any, on, before }

        let order: ItemOrder
        /// nil: what the full-text index found.
        let days: Days?
        let openOnly: Bool
    }

    static func plan(_ query: ItemQuery) -> SQLitePagePlan {
        let shape = Shape(query)
        return known[shape] ?? SQLitePagePlan(shape)
    }

    private static let known: [Shape: SQLitePagePlan] = {
        let selections = [Shape.Days?.none].map { ($0, false) }
            + Shape.Days.allCases.flatMap { [($0, false), ($0, true)] }
        let shapes = [ItemOrder.sections, .agenda, .day].flatMap { order in
            selections.map { Shape(order: order, days: $0.0, openOnly: $0.1) }
        }
        return Dictionary(uniqueKeysWithValues: shapes.map { ($0, SQLitePagePlan($0)) })
    }()

    init(_ shape: Shape) {
        let order = shape.order
        guard let days = shape.days else {
            self = order == .agenda ? .find : .one(Self.matchingSQL(order))
            return
        }
        if shape.openOnly {
            self = .one(Self.sectionSQL(days, done: false, order.toDo))
        } else if order.toDo == order.done {
            self = .one(Self.select(Self.dueCondition(days).map { [$0] } ?? [], orderBy: ["done"] + Self.terms(order.toDo)))
        } else {
            self = .sections(toDo: Self.sectionSQL(days, done: false, order.toDo),
                             done: Self.sectionSQL(days, done: true, order.done))
        }
    }

    /// The statements a page may run (for the query-plan test).
    var statements: [String] {
        switch self {
        case .find: SQLiteItemStore.listOrderSQL.map(\.sql)
        case let .one(sql): [sql]
        case let .sections(toDo, done): [toDo, done]
        }
    }

    /// The columns an order key sorts by: each puts the items without a value last, as the
    /// property-list backend's comparator does (no date is stored as SQLiteSchema.noDateKey,
    /// after every day).
    static func terms(_ keys: [ItemOrder.Key]) -> [String] {
        keys.flatMap { key -> [String] in
            switch key {
            case .due: ["due"]
            case .time: ["due_time IS NULL", "due_time"]
            case .sequence: ["seq"]
            }
        }
    }

    /// The condition on `due` (bound to ?1), nil for any day.
    static func dueCondition(_ days: Shape.Days) -> String? {
        switch days {
        case .any: nil
        case .on: "due = ?1"
        case .before: "due < ?1"
        }
    }

    /// What ?1 is bound to, if anything.
    static func dueKey(_ days: ItemSelection.Days) -> Int? {
        switch days {
        case .any: nil
        case let .on(day): SQLiteItemStore.dueKey(day)
        case let .before(day): day.dayNumber
        }
    }

    /// One section alone. item_todo_order holds the open items by due day and then in a day's
    /// order; it is named for a To do walk that starts with the day, since without statistics
    /// the planner prefers item_done_seq's equality on done and then sorts every open item
    /// (200 ms a page at 1,000,000 items).
    static func sectionSQL(_ days: Shape.Days, done: Bool, _ keys: [ItemOrder.Key]) -> String {
        let index = !done && keys.first == .due ? " INDEXED BY item_todo_order" : ""
        return select(["done = \(done ? 1 : 0)"] + (dueCondition(days).map { [$0] } ?? []), orderBy: terms(keys),
                      from: "item" + index)
    }

    /// What the full-text index found, in an order other than `list`'s (which `find` walks
    /// itself; no screen asks for another): one sort, each section's keys applying inside it.
    static func matchingSQL(_ order: ItemOrder) -> String {
        let toDo = terms(order.toDo).map { "CASE done WHEN 0 THEN \($0) END" }
        let done = terms(order.done).map { "CASE done WHEN 1 THEN \($0) END" }
        return select(["id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?1)"], orderBy: ["done"] + toDo + done)
    }

    /// A count from the per-day tallies, never the items: each written once.
    static func countSQL(_ days: Shape.Days, openOnly: Bool) -> String {
        counts[openOnly]?[days] ?? writeCountSQL(days, openOnly: openOnly)
    }

    private static let counts: [Bool: [Shape.Days: String]] = Dictionary(uniqueKeysWithValues: [false, true].map { open in
        (open, Dictionary(uniqueKeysWithValues: Shape.Days.allCases.map { ($0, writeCountSQL($0, openOnly: open)) }))
    })

    private static func writeCountSQL(_ days: Shape.Days, openOnly: Bool) -> String {
        "SELECT total(\(openOnly ? "open" : "total")) FROM day_count" + (dueCondition(days).map { " WHERE " + $0 } ?? "")
    }

    static func select(_ conditions: [String], orderBy: [String], from table: String = "item") -> String {
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return "SELECT \(SQLiteItemStore.readColumns) FROM \(table)\(filter) ORDER BY "
            + orderBy.joined(separator: ", ") + " LIMIT ?2 OFFSET ?3"
    }
}

extension SQLitePagePlan.Shape {
    init(_ query: ItemQuery) {
        order = query.order
        switch query.selection {
        case .matching:
            days = nil
            openOnly = false
        case let .due(days, openOnly):
            self.days = Days(days)
            self.openOnly = openOnly
        }
    }
}

extension SQLitePagePlan.Shape.Days {
    init(_ days: ItemSelection.Days) {
        switch days {
        case .any: self = .any
        case .on: self = .on
        case .before: self = .before
        }
    }
}
