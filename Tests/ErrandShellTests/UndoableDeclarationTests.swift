import ErrandDomain
import ErrandShell
import ErrandStorage
import Testing

/// What `help undo` says undo reverts is read from each command's declaration (`undoable`);
/// here the declarations are held to what the journal records when the commands run.
@Suite struct UndoableDeclarationTests {
    @Test func everyJournaledChangeIsOfACommandDeclaredUndoableAndTheOtherWayRound() throws {
        let t = try ShellTester()
        let lines = ["create Call mum --date tomorrow 10:00 --remind 1d", "create Dentist --date dec 2", "list",
                     "edit 1 --title Call mum back", "list", "tag 1 family", "list", "postpone 2 +1d", "list",
                     "check 1", "list", "uncheck 2", "list", "move 1 --list Work", "list", "remind", "list",
                     "snooze 1 1h", "list", "locate 2 Paris", "find mum", "save mum", "forget mum", "list",
                     "start 1", "list", "stop 1", "list", "progress 1 30", "list", "cancel 2", "list", "swipe 2",
                     "clear --yes"]
        for line in lines { _ = t.interpreter.execute(line) }
        let journaled = Set(try t.store.journal(limit: JournalEntry.capacity).map(\.command))
        let declared = Set(CommandTable.standard.undoable)
        #expect(journaled.subtracting(declared).isEmpty, "journaled but not declared undoable: \(journaled.subtracting(declared))")
        // Every declared command but those this session cannot reach offline (import needs a
        // file, notes an editor, keep a conflict a sync kept: ConflictSessionTests) left an entry.
        #expect(declared.subtracting(journaled).isSubset(of: ["import", "notes", "locate", "keep"]),
                "declared undoable but not journaled: \(declared.subtracting(journaled))")
    }

    @Test func helpUndoListsTheDeclaredCommands() throws {
        let t = try ShellTester()
        t.given("help undo")
        let text = t.sink.all.joined(separator: " ")
        for name in CommandTable.standard.undoable { #expect(text.contains(name)) }
        #expect(CommandTable.standard.undoable.contains("create"))
        #expect(!CommandTable.standard.undoable.contains("view"))
        #expect(!CommandTable.standard.undoable.contains("star"))
    }
}
