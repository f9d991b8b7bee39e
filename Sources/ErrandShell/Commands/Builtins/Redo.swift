/// `redo`: apply again the change the last `undo` reverted. A new change ends what can be redone.
struct Redo: ShellCommand {
    static let spec = CommandSpec("redo", summary: "apply again what undo reverted",
                                  details: "Until the next change: a new change ends what can be redone.", effect: .changesStore, listsUndoable: true) { _ in Redo() }

    func run(_ c: inout CommandContext) throws -> Display {
        try c.apply(.redo, done: "redid")
    }
}
