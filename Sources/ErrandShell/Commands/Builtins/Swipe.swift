import ErrandDomain

/// `swipe N...`: delete items, as swiping left did; several rows go together or not at all.
struct Swipe: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let spec = CommandSpec("swipe", aliases: ["delete", "rm"], summary: "delete rows, as swiping left did",
                                  details: "Several rows are deleted together, or none if one changed since it was listed.",
                                  arguments: [rows], effect: .changesStore) { Swipe(listed: try $0.items(rows)) }

    let listed: [TodoItem]

    func run(_ c: inout CommandContext) throws -> Display {
        let deleted = try c.change { try $0.delete(listed: listed) }
        let labeler = c.environment.labeler
        let what = deleted.count == 1 ? deleted.first.map { "\"\($0.title)\" (\(labeler.label($0.due)))" } ?? ""
            : Plural.items(deleted.count)
        return try c.refresh(message: "deleted " + what)
    }
}
