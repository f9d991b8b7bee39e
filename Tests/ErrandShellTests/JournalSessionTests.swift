import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Undo and redo through the interpreter with a second shell on the same store: the journal is
/// the store's, so a new shell (a restart) undoes what the first did, and a change made in
/// between is never overwritten.
@Suite struct JournalSessionTests {
    func secondShell(_ t: ShellTester) throws -> Interpreter {
        let store = try StoreOpener.open(path: t.directory + "/store." + t.backend.rawValue, backend: t.backend)
        return Interpreter(environment: ShellEnvironment(store: store, clock: .fixed(ShellTester.today),
                                                         labeler: .english, workingDirectory: t.directory,
                                                         home: t.directory))
    }

    func said(_ outcome: CommandOutcome) -> String? {
        switch outcome.result {
        case let .success(display): return display.message
        case let .failure(error): return "error: \(error)"
        }
    }

    @Test(arguments: ["sqlite", "plist"])
    func aSecondShellUndoesTheFirstsChangeUnlessOvertaken(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Dentist --date wed")
        t.given("create Bread")
        t.given("list")
        t.given("check 2")
        let other = try secondShell(t)
        #expect(said(other.execute("undo")) == "undid the check of \"Dentist\" (Wed Dec 2)")
        #expect(try t.item(1).isDone == false)
        #expect(said(t.interpreter.execute("redo")) == "redid the check of \"Dentist\" (Wed Dec 2)")
        #expect(try t.item(1).isDone)

        // One journal for the store: the newest change is undone first, whichever shell made it.
        _ = other.execute("list")
        #expect(said(other.execute("edit 2 --title Dentiste")) == "edited \"Dentiste\" (Wed Dec 2 2026)")
        #expect(said(t.interpreter.execute("undo")) == "undid the edit of \"Dentist\" (Wed Dec 2)")
        #expect(try t.item(1).title == "Dentist")
        _ = other.execute("list")
        #expect(said(other.execute("swipe 2")) == "deleted \"Dentist\" (Wed Dec 2)")
        #expect(said(other.execute("undo")) == "undid the swipe of \"Dentist\" (Wed Dec 2)")
    }

    @Test(arguments: ["sqlite", "plist"])
    func anUndoOvertakenInAnotherShellIsRefusedWithTheReason(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Dentist --date wed")
        t.given("list")
        t.given("check 1")
        let other = try secondShell(t)
        _ = other.execute("list")
        // Not through the journal: a change the first shell's undo must not overwrite.
        let done = try t.item(1)
        var renamed = done
        renamed.title = "Dentiste"
        _ = try t.store.edit(renamed, expecting: done, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(said(other.execute("undo"))
                == "error: cannot undo the check: \"Dentist\" was changed since (here or in another shell); nothing was done")
        #expect(try t.item(1).title == "Dentiste")
        t.send("log", ["Sun Nov 29 12:00  check of \"Dentist\" (Wed Dec 2)", "Sun Nov 29 12:00  create of \"Dentist\" (Wed Dec 2)"])
    }
}
