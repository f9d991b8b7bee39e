import ErrandDomain

/// `week DATE`: the 7-day summary from another day.
struct Week: ShellCommand {
    static let start = ArgumentSpec("DATE", .date, rest: true, help: "the first day shown")
    static let spec = CommandSpec("week", summary: "the 7-day summary starting at another day",
                                  arguments: [start]) { try Week(start: $0.date(start).day) }

    let start: DueDay

    func run(_ c: inout CommandContext) throws -> Display {
        try Week.show(from: start, &c)
    }

    static func show(from start: DueDay, _ c: inout CommandContext) throws -> Display {
        c.session.tab = .view
        c.session.stack = [.week(start: start)]
        return try c.render()
    }
}
