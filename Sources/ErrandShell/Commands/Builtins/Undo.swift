import ErrandDomain

/// `undo`: revert the last change. The journal is the store's, so it reaches changes made
/// before a restart, and refuses one that a later change (here or in another shell) overtook.
struct Undo: ShellCommand {
    static let spec = CommandSpec("undo", summary: "revert the last change",
                                  details: "The store keeps the last 1,000 changes, so undo works after a restart; see log. "
                                  + "sync todos journals the merges it made, which undo reverts too.", effect: .changesStore, listsUndoable: true) { _ in Undo() }

    func run(_ c: inout CommandContext) throws -> Display {
        try c.apply(.undo, done: "undid")
    }
}

extension CommandContext {
    /// Undo and redo: apply the journal's next entry that way and say which change it was.
    mutating func apply(_ step: JournalStep, done: String) throws -> Display {
        // Stars and hidden marks are not journaled: reverting the change before one would undo something else.
        if step == .undo, let command = try store.irreversibleCommand(for: step) {
            let reverses = ["star": "unstar", "unstar": "star", "hide": "unhide", "unhide": "hide"]
            let reverse = reverses[command] ?? "doing it again"
            throw ShellError.usage("undo: the last change, \(command), cannot be undone (\(reverse) reverts it); nothing was changed")
        }
        guard let entry = try changeIfAny({ try $0.apply(step) }) else {
            throw ShellError.usage("\(step.verb): nothing to \(step.verb)")
        }
        return try refresh(message: "\(done) the \(entry.summary(environment.labeler))")
    }
}
