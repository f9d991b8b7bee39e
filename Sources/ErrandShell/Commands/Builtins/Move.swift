import ErrandDomain

/// `check N...` and `uncheck N...`: move items to the end of Done, or back to To do; several
/// rows go together or not at all.
struct Move: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 2-4")
    static let check = CommandSpec("check", aliases: ["done"], summary: "mark rows done: they move to the end of Done",
                                   arguments: [rows]) { Move(done: true, listed: try $0.items(rows)) }
    static let uncheck = CommandSpec("uncheck", aliases: ["undone"], summary: "move rows back to To do",
                                     arguments: [rows]) { Move(done: false, listed: try $0.items(rows)) }

    let done: Bool
    let listed: [TodoItem]

    func run(_ c: inout CommandContext) throws -> Display {
        let moved = try c.change({ try $0.setDone(done, listed: listed) }) { session, _ in
            session.undo.append(.changed(before: listed, by: done ? "check" : "uncheck"))
        }
        let what = UndoEntry.naming(moved)
        return try c.refresh(message: done ? "checked \(what): moved to Done" : "unchecked \(what): back in To do")
    }
}
