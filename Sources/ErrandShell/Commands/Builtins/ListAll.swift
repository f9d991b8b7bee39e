/// `list [--added]`: every item on the View tab with the week below it: To do by due day,
/// then Done in check order; `--added` keeps the book app's order.
struct ListAll: ShellCommand {
    static let added = OptionSpec("added", help: "in the order items were added (and checked), as the book app lists them")
    static let spec = CommandSpec("list", aliases: ["ls"], summary: "every item: To do by due day, then Done",
                                  options: [added]) { ListAll(added: $0.has(added)) }

    let added: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        try Day.show(root: added ? .added : .all, &c)
    }
}
