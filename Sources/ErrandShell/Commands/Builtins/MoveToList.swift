import ErrandDomain

/// `move N... --list NAME`: the rows go to another list, together or not at all (undo brings
/// them back). A list the store does not hold yet is made by the move, and the line says so.
/// A parent takes its whole subtree with it, in the same step; a subtask moved without its
/// parent leaves it and is at the top level of its new list (as tasks.org and Todoist do).
struct MoveToList: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let list = OptionSpec("list", value: "NAME", kind: .listName(orAll: false), help: "the list they go to (see lists)")
    static let spec = CommandSpec("move", summary: "move rows to another list",
                                  details: "The list is named as lists shows it, case aside; a new name makes a new list.",
                                  arguments: [rows], options: [list], effect: .changesStore, undoable: true) { values in
        guard let name = values.text(list) else { throw ShellError.usage("move: say where, as in move 1 --list Home") }
        return MoveToList(listed: try values.items(rows), typed: name)
    }

    let listed: [TodoItem]
    let typed: String

    func run(_ c: inout CommandContext) throws -> Display {
        try OccurrenceRows.refuse(listed, "move", c.environment.labeler)
        let known = try c.existingList(typed)
        let stored = try c.storedList(typed)
        let name = known ?? TextSafety.trimmed(typed)
        // A finished occurrence stays with its series, as when the series is moved alone.
        let subtree = try c.store.descendants(of: listed).filter { !$0.isOccurrence }
        let going = (listed + subtree).filter { !MoveToList.isIn($0, stored) }
        guard !going.isEmpty else {
            throw ShellError.usage("move: \(Plural.naming(listed)) already in \"\(name)\"")
        }
        let uids = Set((listed + subtree).map(\.uid))
        var leaving = 0
        let changes = try going.map { item in
            var moved = item
            moved.list = stored
            if try MoveToList.leavesParent(item, moving: uids, to: stored, c) {
                moved.parent = nil
                leaving += 1
            }
            return (edited: moved, listed: item)
        }
        let now = c.environment.clock.now
        let moved = try c.change { try $0.edit(changes, at: now, journaled: $1) }
        let made = known == nil ? " (a new list)" : ""
        let shown = moved.filter { item in listed.contains { $0.id == item.id } }
        let with = moved.count > shown.count ? " and \(Plural.subtasks(moved.count - shown.count)) under \(listed.count == 1 ? "it" : "them")" : ""
        let left = leaving == 0 ? "" : leaving == 1 ? " (no longer a subtask: its parent stays)"
            : " (\(leaving) no longer subtasks: their parents stay)"
        return try c.refresh(message: "moved \(Plural.naming(shown.isEmpty ? moved : shown))\(with) to \"\(name)\"\(made)\(left)")
    }

    /// A subtask moved without its parent, to a list its parent is not in, leaves it (as
    /// `edit N --top-level` would): a tree does not span lists. One whose parent is not stored
    /// keeps the link, for the parent that may come.
    static func leavesParent(_ item: TodoItem, moving uids: Set<String>, to stored: String?, _ c: CommandContext) throws -> Bool {
        guard let parent = item.parent, parent != item.uid, !uids.contains(parent),
              let found = try c.store.item(uid: parent) else { return false }
        return !isIn(found, stored)
    }

    /// Whether the item is in the list stored as `stored` (nil: the main one).
    static func isIn(_ item: TodoItem, _ stored: String?) -> Bool {
        switch (item.list, stored) {
        case (nil, nil): return true
        case let (have?, want?): return ListNames.same(have, want)
        default: return false
        }
    }
}
