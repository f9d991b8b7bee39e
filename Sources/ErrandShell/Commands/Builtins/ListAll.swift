/// `list`: every item, To do then Done, on the View tab with the week below it.
struct ListAll: ShellCommand {
    static let spec = CommandSpec("list", aliases: ["ls"], summary: "every item: the To do section, then Done") { _ in
        ListAll()
    }

    func run(_ c: inout CommandContext) throws -> Display {
        try Day.show(root: .all, &c)
    }
}
