/// `undo`: revert the last change of this session.
struct Undo: ShellCommand {
    static let spec = CommandSpec("undo", summary: "revert the last change (create, edit, postpone, swipe, check, uncheck, clear, import)",
                                  details: "Several levels deep, for changes made in this session.") { _ in Undo() }

    func run(_ c: inout CommandContext) throws -> Display {
        guard let entry = c.session.undo.last else { throw ShellError.usage("undo: nothing to undo in this session") }
        try c.change({ store in
            switch entry {
            case let .created(item): try store.delete(ids: [item.id])
            case let .deleted(items): try store.restore(items)
            case let .changed(before, _, created):
                // Removing first: if the restore then fails, undo again finds nothing left to
                // remove and puts the items back.
                if !created.isEmpty { try store.delete(ids: created) }
                try store.restore(before)
            case let .cleared(items): try store.restore(items)
            case let .imported(ids, replaced):
                try store.delete(ids: ids)
                try store.restore(replaced)
            }
        }) { session, _ in session.undo.removeLast() }
        return try c.refresh(message: "undid the \(entry.summary)")
    }
}
