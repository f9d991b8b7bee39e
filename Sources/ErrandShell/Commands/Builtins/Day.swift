import ErrandDomain

/// `day DATE`: one day's items.
struct Day: ShellCommand {
    static let day = ArgumentSpec("DATE", .date, rest: true, help: "the day")
    static let spec = CommandSpec("day", summary: "one day's items", arguments: [day]) { try Day(day: $0.date(day).day) }

    let day: DueDay

    func run(_ c: inout CommandContext) throws -> Display {
        try Day.show(root: .day(day), &c)
    }

    /// `list`, `find` and `day DATE` land on a View-tab list with the week below it, so `back` works.
    static func show(root route: Route, _ c: inout CommandContext) throws -> Display {
        c.session.tab = .view
        c.session.stack = [.week(start: c.today), route]
        return try c.render()
    }
}
