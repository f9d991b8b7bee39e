import ErrandDomain

/// `week [DATE]`: the 7-day summary from another day; alone, from today.
struct Week: ShellCommand {
    static let start = ArgumentSpec("DATE", .lookedAtDay, optional: true, rest: true, help: "the first day shown (default today)")
    static let spec = CommandSpec("week", summary: "the 7-day summary starting at another day (today without DATE)",
                                  arguments: [start]) { Week(start: $0.givenDate(start)?.day) }

    /// nil: today, as the clock says when it runs.
    let start: DueDay?

    func run(_ c: inout CommandContext) throws -> Display {
        try Week.show(from: start ?? c.today, &c)
    }

    static func show(from start: DueDay, _ c: inout CommandContext) throws -> Display {
        c.session.tab = .view
        c.session.stack = [.week(start: start)]
        return try c.render()
    }
}
