/// `help [COMMAND]`: derived from the declarations.
struct Help: ShellCommand {
    static let command = ArgumentSpec("COMMAND", .command, optional: true, help: "a command name")
    static let spec = CommandSpec("help", aliases: ["?"], summary: "list commands, or explain one",
                                  arguments: [command]) { Help(command: $0.text(command)) }

    /// The canonical name, checked by the parser.
    let command: String?

    func run(_ c: inout CommandContext) throws -> Display {
        guard let command, let spec = c.table.spec(named: command) else {
            return Display(screen: .lines(name: "help", c.table.overview))
        }
        return Display(screen: .lines(name: "help", c.table.help(for: spec)))
    }
}
