import ErrandTestSupport
import ErrandDomain
import ErrandHelpers
import Foundation
import Testing

/// `notes N` in the person's editor, with stand-in editors that are shell commands: the
/// file's path is their `$0`, as `$EDITOR path` gives it to a real one.
@Suite(.tags(.process), .fullLane) struct NotesSessionTests {
    func tester(_ editor: String) throws -> ShellTester {
        let t = try ShellTester()
        t.interpreter.environment.editor = ExternalEditor(command: "sh -c '\(editor)'", folder: t.directory + "/run")
        t.given("create Buy milk --notes two litres")
        t.given("list")
        return t
    }

    func notes(_ t: ShellTester) throws -> String? {
        try t.store.allItems().first { $0.title == "Buy milk" }?.notes
    }

    @Test func whatTheEditorSavesBecomesTheNotesInOneUndoStep() throws {
        // It also records the file it was given and its mode, to see both afterwards.
        let t = try tester(#"stat -c %a "$0" > "$0.seen"; echo "$0" >> "$0.seen"; mv "$0.seen" "$(dirname "$0")/../seen"; printf "two litres\nand eggs\n" > "$0""#)
        t.given("notes 1")
        #expect(t.sink.all.first == "notes of \"Buy milk\" saved")
        #expect(try notes(t) == "two litres\nand eggs")
        let seen = try String(contentsOfFile: t.directory + "/seen", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(seen.first == "600")
        let file = try #require(seen.last)
        #expect(file.hasPrefix(t.directory + "/run/errand-notes.txt-"))
        #expect(!FileManager.default.fileExists(atPath: file), "the private file is removed")
        t.given("undo")
        #expect(try notes(t) == "two litres")
    }

    /// Bare `edit N --notes` at a terminal is `notes N`; in a script, or with other changes,
    /// one line and nothing changed.
    @Test func bareEditNotesOpensTheEditorAtATerminalOnly() throws {
        let script = try tester(#"printf "eggs\n" > "$0""#)
        script.send("edit 1 --notes", ["error: edit: --notes needs a TEXT here (bare --notes, at a terminal, opens your editor)"],
                    succeeds: false)
        #expect(try notes(script) == "two litres")
        let t = try tester(#"printf "eggs\n" > "$0""#)
        t.interpreter.environment.prompter = ScriptedPrompter([])
        t.send("edit 1 --notes --title Buy oat milk", ["error: edit: bare --notes opens your editor and goes alone; give the notes "
                                                       + "as --notes TEXT to change them with the rest"], succeeds: false)
        t.given("edit 1 --notes")
        #expect(t.sink.all.first == "notes of \"Buy milk\" saved")
        #expect(try notes(t) == "eggs")
        t.given("edit 1 --notes two eggs")
        #expect(try notes(t) == "two eggs")
    }

    @Test func anUnchangedFileOrAFailingEditorChangesNothing() throws {
        let unchanged = try tester("true")
        unchanged.send("notes 1", ["notes of \"Buy milk\" unchanged"])
        #expect(try unchanged.store.journal(limit: 5).map(\.command) == ["create"])
        let failing = try tester(#"printf "lost\n" > "$0"; exit 3"#)
        failing.send("notes 1", [#"error: notes: the editor "sh -c 'printf "lost\n" > "$0"; exit 3'" exited with status 3; nothing was changed"#],
                     succeeds: false)
        #expect(try notes(failing) == "two litres")
        let missing = try ShellTester()
        missing.interpreter.environment.editor = ExternalEditor(command: "/nonexistent/editor", folder: missing.directory)
        missing.given("create Buy milk")
        missing.given("list")
        missing.send("notes 1", [#"error: notes: the editor "/nonexistent/editor" was not found (set VISUAL or EDITOR); nothing was changed"#],
                     succeeds: false)
    }

    @Test func tooMuchOrNotTextIsRefusedInOneLine() throws {
        let huge = try tester(#"head -c 50000 /dev/zero | tr "\0" x > "$0""#)
        huge.send("notes 1", ["error: notes: the editor wrote 50000 bytes: notes are at most 40000 bytes; nothing was changed"],
                  succeeds: false)
        let long = try tester(#"head -c 20000 /dev/zero | tr "\0" x > "$0""#)
        long.send("notes 1", ["error: the notes is too long: at most 10000 characters"], succeeds: false)
        let binary = try tester(#"printf "\377\376" > "$0""#)
        binary.send("notes 1", ["error: notes: the editor wrote text that is not UTF-8; nothing was changed"], succeeds: false)
        #expect(try notes(binary) == "two litres")
        let emptied = try tester(#": > "$0""#)
        emptied.given("notes 1")
        #expect(emptied.sink.all.first == "notes of \"Buy milk\" removed")
        #expect(try notes(emptied) == nil)
    }

    /// The editor may stay open for an hour: notes changed meanwhile by another process are not
    /// overwritten, and what was typed is kept in a file the line names.
    @Test func notesChangedMeanwhileAreNotOverwrittenAndYoursAreKept() throws {
        let t = try ShellTester()
        let store = t.directory + "/store.sqlite"
        try #require(FileManager.default.fileExists(atPath: store))
        t.interpreter.environment.editor = ExternalEditor(
            command: "sh -c 'sqlite3 \(store) \"UPDATE item SET notes = '\\''theirs'\\''\"; printf mine > \"$0\"'",
            folder: t.directory + "/run")
        t.given("create Buy milk --notes two litres")
        t.given("list")
        t.sink.reset()
        t.runner.runOne("notes 1")
        let line = try #require(t.sink.all.first)
        #expect(line.hasPrefix("error: notes: the notes of \"Buy milk\" changed while you edited; yours are kept in \(t.directory)/run/"))
        let kept = String(line.split(separator: " ").last ?? "")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "mine")
        #expect(try t.store.allItems().first?.notes == "theirs")
    }
}
