/// `history`: the command history, oldest first.
struct History: ShellCommand {
    static let spec = CommandSpec("history", summary: "the command history, oldest first") { _ in History() }

    func run(_ c: inout CommandContext) throws -> Display {
        Display(screen: .history(c.environment.history()))
    }
}
