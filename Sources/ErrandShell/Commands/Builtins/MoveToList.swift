import ErrandDomain

/// `move N... --list NAME`: the rows go to another list, together or not at all (undo brings
/// them back). A list the store does not hold yet is made by the move, and the line says so.
struct MoveToList: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let list = OptionSpec("list", value: "NAME", kind: .listName, help: "the list they go to (see lists)")
    static let spec = CommandSpec("move", summary: "move rows to another list",
                                  details: "The list is named as lists shows it, case aside; a new name makes a new list.",
                                  arguments: [rows], options: [list], effect: .changesStore) { values in
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
        let staying = listed.filter { item in MoveToList.isIn(item, stored) }
        guard staying.count < listed.count else {
            throw ShellError.usage("move: \(Plural.naming(listed)) already in \"\(name)\"")
        }
        let changes = listed.filter { !staying.contains($0) }.map { item in
            var moved = item
            moved.list = stored
            return (edited: moved, listed: item)
        }
        let now = c.environment.clock.now
        let moved = try c.change { try $0.edit(changes, at: now, journaled: $1) }
        let made = known == nil ? " (a new list)" : ""
        return try c.refresh(message: "moved \(Plural.naming(moved)) to \"\(name)\"\(made)")
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
