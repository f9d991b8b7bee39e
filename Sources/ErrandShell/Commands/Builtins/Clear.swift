/// `clear [--yes]`: remove every item; asks at a terminal, scripts must say --yes.
struct Clear: ShellCommand {
    static let yes = OptionSpec("yes", help: "do not ask")
    static let spec = CommandSpec("clear", summary: "remove every item (undo brings them back)",
                                  details: "Asks for confirmation at a terminal; scripts must say --yes.",
                                  options: [yes], effect: .changesStore) { Clear(confirmed: $0.has(yes)) }

    let confirmed: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        let count = try c.store.count(.all)
        guard count > 0 else { return Display(message: "nothing to clear: the list is empty") }
        if !confirmed {
            guard let prompter = c.environment.prompter else {
                throw ShellError.usage("clear: removes all \(Plural.items(count)); in a script say clear --yes")
            }
            let answer = prompter.ask("Remove all \(Plural.items(count))? [y/N] ")?.lowercased()
            guard answer == "y" || answer == "yes" else { return Display(message: "kept everything") }
        }
        let removed = try c.change { try $0.removeAll(journaled: $1) }
        return try c.refresh(message: "removed \(Plural.items(removed.count)) (undo brings them back)")
    }
}
