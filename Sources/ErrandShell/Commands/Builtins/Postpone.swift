import ErrandDomain

/// `postpone N... [DATE]`: move items' due day, keeping their time. A shift (`+3d`, `-1w`)
/// counts from each item's own due day; any other date is that day. Default: tomorrow.
struct Postpone: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let date = ArgumentSpec("DATE", .date, optional: true, rest: true,
                                   help: "the new day (default tomorrow); +3d or -1w counts from each item's due day")
    static let spec = CommandSpec("postpone", summary: "move rows to another day (default tomorrow), keeping their time",
                                  details: "Several rows move together, or none if one changed since it was listed.",
                                  arguments: [rows, date], effect: .changesStore, undoable: true) {
        Postpone(listed: try $0.items(rows), to: $0.givenDate(date))
    }

    let listed: [TodoItem]
    let to: DateInputParser.Result?

    func run(_ c: inout CommandContext) throws -> Display {
        let tomorrow = c.today.adding(days: 1)
        let changes: [(edited: TodoItem, listed: TodoItem)] = listed.compactMap { item in
            var moved = item
            if let to {
                // An item without a date counts a shift from today.
                moved.due = to.shift.map((item.due ?? c.today).adding(days:)) ?? to.day
                if let time = to.time { moved.time = time }
            } else {
                moved.due = tomorrow
            }
            return moved == item ? nil : (edited: moved, listed: item)
        }
        guard !changes.isEmpty else {
            return Display(message: "nothing to change: \(Plural.naming(listed)) "
                           + (listed.count == 1 ? "is" : "are") + " already due then")
        }
        let now = c.environment.clock.now
        let saved = try c.change { try $0.edit(changes, at: now, journaled: $1) }
        let days = Set(saved.map { $0.due })
        let labeler = c.environment.labeler
        let landing = days.count == 1 ? days.first.map { " to " + labeler.longLabel($0) } ?? "" : ""
        return try c.refresh(message: "postponed \(Plural.naming(saved))\(landing)")
    }
}
