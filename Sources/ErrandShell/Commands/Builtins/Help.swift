/// `help [COMMAND]`: derived from the declarations.
struct Help: ShellCommand {
    static let command = ArgumentSpec("COMMAND", .command, optional: true, help: "a command name")
    static let spec = CommandSpec("help", aliases: ["?"], summary: "list commands, or explain one",
                                  arguments: [command]) { Help(command: $0.text(command)) }

    /// The canonical name, checked by the parser.
    let command: String?

    /// Paged at a terminal like any long list (the screen it is on stays below it: `back`).
    func run(_ c: inout CommandContext) throws -> Display {
        if case .help? = c.session.route { c.session.stack.removeLast() }
        // A fresh shell's view tab, drawn below it, so `back` from help lands on the week.
        if c.session.stack.isEmpty, c.session.tab == .view { c.session.stack = [.week(start: c.today)] }
        c.session.stack.append(.help(command: command, shown: 0))
        return try c.render()
    }
}
