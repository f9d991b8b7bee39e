/// Which items a list holds, as every backend reads it (ItemQuery).
public enum ItemSelection: Hashable, Sendable {
    /// Which due days an item may have.
    public enum Days: Hashable, Sendable {
        case any
        /// One day, or (nil) no date.
        case on(DueDay?)
        /// Before a day; never the items without a date.
        case before(DueDay)
    }

    /// The items due on `days`, only the open ones when `openOnly`.
    case due(Days, openOnly: Bool)
    /// What `find` finds, open and done (see SearchQuery).
    case matching(SearchQuery)

    public static let all = ItemSelection.due(.any, openOnly: false)
    /// The To do section.
    public static let open = ItemSelection.due(.any, openOnly: true)

    /// One day's items (nil: those without a date), open and done.
    public static func day(_ day: DueDay?) -> ItemSelection { .due(.on(day), openOnly: false) }

    /// The open items due before `day`.
    public static func overdue(before day: DueDay) -> ItemSelection { .due(.before(day), openOnly: true) }

    public func contains(_ item: TodoItem) -> Bool {
        switch self {
        case let .due(days, openOnly):
            guard !openOnly || !item.isDone else { return false }
            switch days {
            case .any: return true
            // An item with a start and no due day is listed on its start day.
            case let .on(day): return item.listDay == day
            case let .before(day): return item.listDay.map { $0 < day } ?? false
            }
        case let .matching(query):
            return query.matches(item)
        }
    }
}

extension ItemSelection {
    /// The same items, of one list only (`use NAME`): as a query the filtered read answers in
    /// any order, so no list needs plans of its own.
    public func narrowed(to list: QueryTerm) -> ItemSelection {
        var parts: [QueryExpression] = [.term(list)]
        switch self {
        case let .matching(query):
            parts.append(query.expression)
            return .matching(SearchQuery(.all(parts), description: query.description))
        case let .due(days, openOnly):
            switch days {
            case .any: break
            case let .on(day?): parts.append(.term(.due(first: day.dayNumber, last: day.dayNumber)))
            case .on(nil): parts.append(.term(.undated))
            case let .before(day):
                parts.append(.term(.due(first: DueDay.supportedDayNumbers.lowerBound, last: day.dayNumber - 1)))
            }
            if openOnly { parts.append(.term(.open)) }
            return .matching(SearchQuery(.all(parts), description: ""))
        }
    }
}
