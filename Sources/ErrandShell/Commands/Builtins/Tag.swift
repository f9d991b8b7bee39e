import ErrandDomain

/// `tag N... WORD -WORD`: adds tags to listed items and takes others away, on every row at
/// once, all or none (a row that changed since it was listed stops them all), one undo.
struct Tag: ShellCommand {
    static let rows = ArgumentSpec("N", .itemRows, help: "row numbers of the last listing: 1 3 5, 1,2, 2-4")
    static let changes = ArgumentSpec("TAG", .tagChanges, rest: true,
                                      help: "tags to add (home, #home or +home) and to take away (-home)")
    static let spec = CommandSpec("tag", summary: "add tags to rows (WORD) and take tags away (-WORD), all rows at once",
                                  details: "A tag is words without a comma, compared case and accents aside; here each "
                                      + "word is one tag (give a tag with spaces as edit N --tag back office). find #TAG lists "
                                      + "the items with a tag, tags lists every tag. undo takes the whole change back.",
                                  arguments: [rows, changes], effect: .changesStore, undoable: true) {
        try Tag(listed: $0.items(rows), change: TagChange(try $0.requiredText(changes)))
    }

    let listed: [TodoItem]
    let change: TagChange

    func run(_ c: inout CommandContext) throws -> Display {
        var edits: [(edited: TodoItem, listed: TodoItem)] = []
        for item in listed {
            var tagged = item
            tagged.tags = change.applied(to: item.tags)
            // Checked before anything is written: a tag over the limits stops every row.
            do {
                tagged.fields = try tagged.fields.checked()
            } catch {
                throw ShellError.usage("tag: \(error.description)")
            }
            if tagged != item { edits.append((edited: tagged, listed: item)) }
        }
        guard !edits.isEmpty else {
            return Display(message: "nothing to change: \(Plural.naming(listed)) "
                           + (listed.count == 1 ? "already has" : "already have") + " these tags")
        }
        let now = c.environment.clock.now
        let saved = try c.change { try $0.edit(edits, at: now, journaled: $1) }
        return try c.refresh(message: "tagged \(Plural.naming(saved)): \(change)")
    }
}
