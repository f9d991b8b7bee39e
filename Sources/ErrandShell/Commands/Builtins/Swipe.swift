import ErrandDomain

/// `swipe N...`: delete items, as swiping left did; several rows go together or not at all.
/// A parent goes with its whole subtree, in the same step (one undo); at a terminal it asks
/// first, and a script must say `--yes`. A series goes with the finished occurrences another
/// client recorded apart from it (Occurrence): they are records of its resource.
struct Swipe: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let yes = OptionSpec("yes", help: "delete a parent's subtasks with it without asking")
    static let spec = CommandSpec("swipe", aliases: ["delete", "rm"], summary: "delete rows, as swiping left did",
                                  details: "Several rows are deleted together, or none if one changed since it was listed. "
                                      + "A parent is deleted with all its subtasks: asked at a terminal, --yes in a script.",
                                  arguments: [rows], options: [yes], effect: .changesStore, undoable: true) { Swipe(listed: try $0.items(rows), confirmed: $0.has(yes)) }

    let listed: [TodoItem]
    var confirmed = false

    func run(_ c: inout CommandContext) throws -> Display {
        try OccurrenceRows.refuse(listed, "swipe", c.environment.labeler)
        let subtasks = try self.subtasks(c)
        if !subtasks.isEmpty, !confirmed {
            let what = "\(listed.count == 1 ? listed.first.map { "\"\($0.title)\"" } ?? "" : Plural.items(listed.count)) "
                + "and \(Plural.subtasks(subtasks.count)) under it"
            guard let prompter = c.environment.prompter else {
                throw ShellError.usage("swipe: deletes \(what); in a script say swipe N --yes")
            }
            let answer = prompter.ask("Delete \(what)? [y/N] ")?.lowercased()
            guard answer == "y" || answer == "yes" else { return Display(message: "kept everything") }
        }
        let deleted = try c.change { try $0.delete(listed: listed + subtasks, journaled: $1) }
        let labeler = c.environment.labeler
        let named = Array(deleted.prefix(listed.count))
        let what = named.count == 1 ? named.first.map { "\"\($0.title)\" (\(labeler.label($0.due)))" } ?? ""
            : Plural.items(named.count)
        let with = subtasks.isEmpty ? "" : " and \(Plural.subtasks(subtasks.count)) under it"
        // A series's occurrences another client recorded apart go with it (ItemStore.delete).
        let occurrences = deleted.count - listed.count - subtasks.count
        let recorded = occurrences > 0 ? (subtasks.isEmpty ? " with " : ", with ") + Plural.finishedOccurrences(occurrences) : ""
        return try c.refresh(message: "deleted " + what + with + recorded)
    }

    /// Every item under the listed ones (each once, none listed itself).
    func subtasks(_ c: CommandContext) throws -> [TodoItem] {
        try c.store.descendants(of: listed)
    }
}
