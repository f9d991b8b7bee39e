import ErrandDomain
import ErrandFiles
import ErrandHelpers
#if canImport(Glibc)
import Glibc
#endif

/// `notes N`: the item's notes in the person's own editor ($VISUAL, $EDITOR, vi), for text
/// longer than a line. Saved when the editor exits; an unchanged file, a failed editor or one
/// that wrote too much changes nothing. One undo step, as `edit N --notes`.
struct Notes: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let spec = CommandSpec(
        "notes", summary: "edit row N's notes in $VISUAL or $EDITOR (else vi)",
        details: "The notes go to a private file (0600, in $XDG_RUNTIME_DIR or the state folder, removed afterwards); "
            + "what the editor saves becomes the notes (empty: none). An unchanged file or an editor that fails changes nothing.",
        arguments: [row], effect: .changesStore, undoable: true) { Notes(listed: try $0.item(row)) }

    let listed: TodoItem

    func run(_ c: inout CommandContext) throws -> Display {
        // The editor is an effect (Effect.editNotes): LiveEffects opens $VISUAL on a private file.
        let text = try c.environment.effects.perform(.editNotes(listed.notes ?? ""), in: c.environment).notes
        guard let text else { return Display(message: "notes of \"\(listed.title)\" unchanged") }
        // The editor may have been open for an hour: the item as it is now (a reminder rang, a
        // sync came) takes the new notes, unless its notes themselves changed meanwhile.
        guard let current = try c.environment.store.item(id: listed.id) else {
            throw ShellError.failed("notes: \"\(listed.title)\" was deleted while you edited; your notes are kept in "
                                    + (try keep(text, c.environment)))
        }
        guard current.notes == listed.notes else {
            throw ShellError.failed("notes: the notes of \"\(listed.title)\" changed while you edited; yours are kept in "
                                    + (try keep(text, c.environment)))
        }
        var edited = current
        edited.notes = text.isEmpty ? nil : text
        guard edited != current else { return Display(message: "notes of \"\(listed.title)\" unchanged") }
        let now = c.environment.clock.now
        let saved = try c.change { try $0.edit(edited, expecting: current, at: now, journaled: $1) }
        return try c.refresh(message: saved.notes == nil ? "notes of \"\(saved.title)\" removed" : "notes of \"\(saved.title)\" saved")
    }

    /// What the person typed, in a private file of its own, when it cannot become the notes.
    func keep(_ text: String, _ environment: ShellEnvironment) throws -> String {
        do {
            let folder = environment.editor?.folder ?? environment.workingDirectory
            let file = try PrivateFile.create(beside: folder + "/errand-notes-kept", tag: "txt")
            defer { close(file.descriptor) }
            if let failed = Descriptor.writeAll(file.descriptor, text) {
                throw ShellError.failed("notes: cannot keep your notes (\(String(cString: strerror(failed)))): nothing was saved")
            }
            return file.path
        } catch let error as FileFailure {
            throw ShellError.failed("notes: cannot keep your notes (\(error.reason)): nothing was saved")
        }
    }
}
