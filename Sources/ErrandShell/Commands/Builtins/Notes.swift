import ErrandDomain
import ErrandHelpers

/// `notes N`: the item's notes in the person's own editor ($VISUAL, $EDITOR, vi), for text
/// longer than a line. Saved when the editor exits; an unchanged file, a failed editor or one
/// that wrote too much changes nothing. One undo step, as `edit N --notes`.
struct Notes: ShellCommand {
    static let row = ArgumentSpec("N", .itemRow, help: "a row number of the last listing")
    static let spec = CommandSpec(
        "notes", summary: "edit row N's notes in $VISUAL or $EDITOR (else vi)",
        details: "The notes go to a private file (0600, in $XDG_RUNTIME_DIR or the state folder, removed afterwards); "
            + "what the editor saves becomes the notes (empty: none). An unchanged file or an editor that fails changes nothing.",
        arguments: [row]) { Notes(listed: try $0.item(row)) }

    let listed: TodoItem

    func run(_ c: inout CommandContext) throws -> Display {
        guard let editor = c.environment.editor else {
            throw ShellError.usage("notes: no editor is set up here (set VISUAL or EDITOR)")
        }
        let text: String?
        do {
            // Bytes, as the file holds them: a character is at most 4.
            text = try editor.edit(listed.notes ?? "", limit: TodoItem.maxNotes * 4)
        } catch {
            throw ShellError.usage("notes: \(error.reason); nothing was changed")
        }
        guard let text else { return Display(message: "notes of \"\(listed.title)\" unchanged") }
        var edited = listed
        edited.notes = text.isEmpty ? nil : text
        guard edited != listed else { return Display(message: "notes of \"\(listed.title)\" unchanged") }
        let now = c.environment.clock.now
        let saved = try c.change { try $0.edit(edited, expecting: listed, at: now) }
        return try c.refresh(message: saved.notes == nil ? "notes of \"\(saved.title)\" removed" : "notes of \"\(saved.title)\" saved")
    }
}
