import ErrandDomain

/// `swipe N`: delete an item, as swiping left did.
struct Swipe: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let spec = CommandSpec("swipe", aliases: ["delete", "rm"], summary: "delete row N, as swiping left did",
                                  arguments: [row]) { Swipe(listed: try $0.item(row)) }

    let listed: TodoItem

    func run(_ c: inout CommandContext) throws -> Display {
        let deleted = try c.change({ try $0.delete(id: listed.id, expecting: listed) }) { $0.undo.append(.deleted($1)) }
        return try c.refresh(message: "deleted \"\(deleted.title)\" (\(c.environment.labeler.label(deleted.due)))")
    }
}
