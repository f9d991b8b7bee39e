import ErrandDomain
import Foundation

/// A change made in this session, with what is needed to revert it exactly.
public enum UndoEntry: Equatable, Sendable {
    case created(TodoItem)
    /// Deleted together (`swipe 1 3`), undone together.
    case deleted([TodoItem])
    /// Items changed in place (check, uncheck, edit, postpone): as they were before, the
    /// command's name and the items it created (a repeating item's next occurrence). Undo puts
    /// them back as they were and removes those, so a new command that changes items needs no
    /// new case.
    case changed(before: [TodoItem], by: String, created: [UUID] = [])
    case cleared([TodoItem])
    /// Items an import added, and those it replaced as they were before (an .ics import
    /// updates items it already holds by UID).
    case imported([UUID], replaced: [TodoItem] = [])

    var summary: String {
        switch self {
        case let .created(item): return "create of \"\(item.title)\""
        case let .deleted(items): return "delete of " + UndoEntry.naming(items)
        case let .changed(before, command, _): return "\(command) of " + UndoEntry.naming(before)
        case let .cleared(items): return "clear of \(Plural.items(items.count))"
        case let .imported(ids, replaced): return "import of \(Plural.items(ids.count + replaced.count))"
        }
    }

    /// One item by its title, several by their number.
    static func naming(_ items: [TodoItem]) -> String {
        guard items.count == 1, let item = items.first else { return Plural.items(items.count) }
        return "\"\(item.title)\""
    }
}
