import ErrandDomain
import Foundation

/// A change made in this session, with what is needed to revert it exactly.
public enum UndoEntry: Equatable, Sendable {
    case created(TodoItem)
    case deleted(TodoItem)
    /// The item as it was before check or uncheck.
    case moved(before: TodoItem)
    case cleared([TodoItem])
    case imported([UUID])

    var summary: String {
        switch self {
        case let .created(item): return "create of \"\(item.title)\""
        case let .deleted(item): return "delete of \"\(item.title)\""
        case let .moved(before): return (before.isDone ? "uncheck" : "check") + " of \"\(before.title)\""
        case let .cleared(items): return "clear of \(Plural.items(items.count))"
        case let .imported(ids): return "import of \(Plural.items(ids.count))"
        }
    }
}
