import ErrandDomain

/// `clear [--yes]`: remove every item, or under `use NAME` every item of that list; asks at a
/// terminal, scripts must say --yes.
struct Clear: ShellCommand {
    static let yes = OptionSpec("yes", help: "do not ask")
    static let spec = CommandSpec("clear", summary: "remove every item, or every item of the list in use (undo brings them back)",
                                  details: "Asks for confirmation at a terminal; scripts must say --yes.",
                                  options: [yes], effect: .changesStore, undoable: true) { Clear(confirmed: $0.has(yes)) }

    let confirmed: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        // Under `use NAME` the other lists are out of sight, so they are out of reach too.
        let list = c.session.list
        let selection = try c.narrowed(.all)
        let count = try c.store.count(selection)
        let which = list.map { " from the list \"\($0)\"" } ?? ""
        guard count > 0 else {
            return Display(message: "nothing to clear: " + (list.map { "the list \"\($0)\" is empty" } ?? "the list is empty"))
        }
        if !confirmed {
            guard let prompter = c.environment.prompter else {
                throw ShellError.usage("clear: removes all \(Plural.items(count))\(which); in a script say clear --yes")
            }
            let answer = prompter.ask("Remove all \(Plural.items(count))\(which)? [y/N] ")?.lowercased()
            guard answer == "y" || answer == "yes" else { return Display(message: "kept everything") }
        }
        let removed = list == nil ? try c.change { try $0.removeAll(journaled: $1) }
            : try c.change { store, journal in
                try store.delete(listed: try store.items(ItemQuery(selection, in: .sections)), journaled: journal)
            }
        return try c.refresh(message: "removed \(Plural.items(removed.count))\(which) (undo brings them back)")
    }
}
