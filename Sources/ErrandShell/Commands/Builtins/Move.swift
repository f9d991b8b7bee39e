import ErrandDomain

/// `check N` and `uncheck N`: move an item to the end of Done, or back to To do.
struct Move: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let check = CommandSpec("check", aliases: ["done"], summary: "mark row N done: it moves to the end of Done",
                                   arguments: [row]) { Move(done: true, listed: try $0.item(row)) }
    static let uncheck = CommandSpec("uncheck", aliases: ["undone"], summary: "move row N back to To do",
                                     arguments: [row]) { Move(done: false, listed: try $0.item(row)) }

    let done: Bool
    let listed: TodoItem

    func run(_ c: inout CommandContext) throws -> Display {
        let moved = try c.change({ try $0.setDone(done, id: listed.id, expecting: listed) }) { session, _ in
            session.undo.append(.changed(before: listed, by: done ? "check" : "uncheck"))
        }
        return try c.refresh(message: done ? "checked \"\(moved.title)\": moved to Done"
                                           : "unchecked \"\(moved.title)\": back in To do")
    }
}
