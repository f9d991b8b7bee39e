/// `board`: the View tab's items by state, as jtx Board and Planify's boards show them: To
/// do, In progress, Done and (when any) Cancelled, side by side. Its rows are numbered as any
/// list's, so `open`, `start`, `check`, `cancel` and `progress` work on them, and the board
/// is shown again after each.
struct Board: ShellCommand {
    static let spec = CommandSpec("board", summary: "the items by state in columns: To do, In progress, Done",
                                  details: "Cancelled is a fourth column when any item is cancelled. Each column shows as many "
                                      + "rows as the terminal has (10 outside one), done ones newest first; a cut column "
                                      + "names the find that lists it whole. start N, check N, cancel N and open N work on its numbers.") { _ in Board() }

    func run(_ c: inout CommandContext) throws -> Display {
        c.session.tab = .view
        c.session.stack = [.week(start: c.today), .board]
        return try c.render()
    }
}
