import ErrandDomain

/// One column of `board`: the items in one state, as many as fit, numbered from `first`.
public struct BoardColumn: Equatable, Sendable {
    public let state: ItemState
    public let rows: [TodoItem]
    public let first: Int
    /// How many items are in this state (within the list in use): more than `rows` when cut.
    public let total: Int

    /// The column's heading (`In progress`).
    public var heading: String {
        switch state {
        case .toDo: "To do"
        case .started: "In progress"
        case .done: "Done"
        case .cancelled: "Cancelled"
        }
    }

    /// The query that lists the whole column, for the line under a cut one.
    public var query: String {
        switch state {
        case .toDo: "is:open -is:started"
        case .started: "is:started"
        case .done: "is:done -is:cancelled"
        case .cancelled: "is:cancelled"
        }
    }

    /// The column's items as `find` tests them.
    var expression: QueryExpression {
        switch state {
        case .toDo: .all([.term(.open), .not(.term(.started))])
        case .started: .term(.started)
        case .done: .all([.term(.done), .not(.term(.cancelled))])
        case .cancelled: .term(.cancelled)
        }
    }
}
