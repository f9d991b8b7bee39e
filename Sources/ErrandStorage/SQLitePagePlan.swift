import ErrandDomain

/// How SQLite reads a page of an ItemQuery: the statements, written from the query's
/// selection and its order's keys (ItemOrder), so no order is spelt out here a second time.
/// Every statement binds ?1 to its day or its words (if it has any), ?2 to LIMIT and ?3 to
/// OFFSET, so a plan depends on a query's shape alone. Writing one costs a few thousand
/// instructions, under 1% of reading a page; a table of them kept for reuse cost more than
/// that in a short process (the generic dictionary's first use).
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
    struct Shape {
        enum Days { case any, on, before }

        let order: ItemOrder
        /// nil: what the full-text index found.
        let days: Days?
        let openOnly: Bool
    }

    static func plan(_ query: ItemQuery) -> SQLitePagePlan { SQLitePagePlan(Shape(query)) }

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
            case .priority: ["priority IS NULL", "priority"]
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
        select(["id IN (SELECT rowid FROM item_text WHERE item_text MATCH ?1)"], orderBy: sortedSections(order))
    }

    /// To do then Done in one sort, each section's keys applying inside it.
    static func sortedSections(_ order: ItemOrder) -> [String] {
        let toDo = terms(order.toDo).map { "CASE done WHEN 0 THEN \($0) END" }
        let done = terms(order.done).map { "CASE done WHEN 1 THEN \($0) END" }
        return ["done"] + toDo + done
    }

    /// A count from the per-day tallies, never the items. Literals: `view` reads two, and
    /// writing them would cost it more than reading them.
    static func countSQL(_ days: Shape.Days, openOnly: Bool) -> String {
        switch (days, openOnly) {
        case (.any, false): "SELECT total(total) FROM day_count"
        case (.any, true): "SELECT total(open) FROM day_count"
        case (.on, false): "SELECT total(total) FROM day_count WHERE due = ?1"
        case (.on, true): "SELECT total(open) FROM day_count WHERE due = ?1"
        case (.before, false): "SELECT total(total) FROM day_count WHERE due < ?1"
        case (.before, true): "SELECT total(open) FROM day_count WHERE due < ?1"
        }
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
