import ErrandDomain

/// `postpone N [DATE]`: move an item's due day, keeping its time. A shift (`+3d`, `-1w`)
/// counts from the item's own due day; any other date is that day. Default: tomorrow.
struct Postpone: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let date = ArgumentSpec("DATE", .date, optional: true, rest: true,
                                   help: "the new day (default tomorrow); +3d or -1w counts from the item's due day")
    static let spec = CommandSpec("postpone", summary: "move row N to another day (default tomorrow), keeping its time",
                                  arguments: [row, date]) {
        Postpone(listed: try $0.item(row), to: $0.givenDate(date))
    }

    let listed: TodoItem
    let to: DateInputParser.Result?

    func run(_ c: inout CommandContext) throws -> Display {
        var item = listed
        item.due = to.map { $0.shift.map(listed.due.adding(days:)) ?? $0.day } ?? c.today.adding(days: 1)
        if let time = to?.time { item.time = time }
        guard item != listed else { return Display(message: "nothing to change: \"\(listed.title)\" is already due then") }
        let saved = try c.change({ try $0.edit(item, expecting: listed) }) { session, _ in
            session.undo.append(.changed(before: listed, by: "postpone"))
        }
        return try c.refresh(message: "postponed \"\(saved.title)\" to \(c.environment.labeler.longLabel(saved.due))")
    }
}
