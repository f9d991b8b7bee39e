import ErrandDomain

/// `day [DATE]`: one day's items; alone, today's.
struct Day: ShellCommand {
    static let day = ArgumentSpec("DATE", .lookedAtDay, optional: true, rest: true, help: "the day (default today)")
    static let spec = CommandSpec("day", summary: "one day's items (today's without DATE)", arguments: [day]) {
        Day(day: $0.givenDate(day)?.day)
    }

    /// nil: today, as the clock says when it runs.
    let day: DueDay?

    func run(_ c: inout CommandContext) throws -> Display {
        try Day.show(root: .day(day ?? c.today), &c)
    }

    /// `list`, `find` and `day DATE` land on a View-tab list with the week below it, so `back` works.
    static func show(root route: Route, _ c: inout CommandContext) throws -> Display {
        c.session.tab = .view
        c.session.stack = [.week(start: c.today), route]
        return try c.render()
    }
}
