import ErrandDomain
import Foundation

/// A change made in this session, with what is needed to revert it exactly.
public enum UndoEntry: Equatable, Sendable {
    case created(TodoItem)
    case deleted(TodoItem)
    /// An item changed in place (check, uncheck...): as it was before, and the command's name.
    /// Undo puts it back as it was, so a new command that changes an item needs no new case.
    case changed(before: TodoItem, by: String)
    case cleared([TodoItem])
    case imported([UUID])

    var summary: String {
        switch self {
        case let .created(item): return "create of \"\(item.title)\""
        case let .deleted(item): return "delete of \"\(item.title)\""
        case let .changed(before, command): return "\(command) of \"\(before.title)\""
        case let .cleared(items): return "clear of \(Plural.items(items.count))"
        case let .imported(ids): return "import of \(Plural.items(ids.count))"
        }
    }
}
