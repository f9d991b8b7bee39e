/// `view`: the View tab's first screen, the next 7 days.
struct View: ShellCommand {
    static let spec = CommandSpec("view", summary: "the View tab: the next 7 days and how many items fall on each",
                                  details: "Numbers in the listing open a day: open N.") { _ in View() }

    func run(_ c: inout CommandContext) throws -> Display {
        try Week.show(from: c.today, &c)
    }
}
