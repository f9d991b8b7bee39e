import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Testing

/// Any sequence of changes followed by as many undos gives back the store as it was, on both
/// backends, across a restart, and as many redos give back the last state: every change is
/// journaled with its items before and after, several rows and repeating items included.
@Suite struct UndoPropertyTests {
    static let seed = TestSeed.draw(for: "UndoPropertyTests")

    @Test(arguments: ["sqlite", "plist"])
    func asManyUndosAsChangesRestoreTheFirstState(_ backend: String) throws {
        var rng = SeededGenerator(seed: UndoPropertyTests.seed)
        let t = try ShellTester(backend: backend)
        for i in 1...6 { t.given("create Task \(i) --date +\(i % 3)d" + (i % 2 == 0 ? " --every week" : "")) }
        let first = try t.store.allItems()
        var changes = 0
        for step in 0..<40 {
            t.given("list")
            let count = try t.store.counts().total
            guard count > 0 else { break }
            let row = { Int.random(in: 1...count, using: &rng) }
            let commands = ["check \(row())", "uncheck \(row())", "swipe \(row())", "edit \(row()) --title Edited \(step)",
                            "postpone \(row()) +\(Int.random(in: 1...9, using: &rng))d", "check \(row()) \(row())",
                            "edit \(row()) --every month", "create New \(step) --every day", "swipe 1-\(min(count, 2))"]
            let line = commands[Int.random(in: 0..<commands.count, using: &rng)]
            // A refused change (uncheck of an open item, say) and one that finds nothing to change
            // (an edit to the values the item has) record nothing, and are not counted.
            let before = try Self.undoable(t)
            _ = t.interpreter.execute(line)
            changes += try Self.undoable(t) - before
        }
        let last = try t.store.allItems()
        // Half the undos here, the other half in a new shell on the same store (a restart).
        for _ in 0..<changes / 2 { t.given("undo") }
        let restarted = try JournalSessionTests().secondShell(t)
        for _ in changes / 2..<changes { #expect(restarted.execute("undo").succeeded) }
        #expect(try t.store.allItems() == first, "seed \(UndoPropertyTests.seed), \(changes) changes")
        // What is left to undo is the set-up's six creates.
        #expect(try Self.undoable(t) == 6)
        // And as many redos, in either shell, give back the last state.
        for n in 0..<changes { #expect((n % 2 == 0 ? t.interpreter : restarted).execute("redo").succeeded) }
        #expect(try t.store.allItems() == last, "seed \(UndoPropertyTests.seed), \(changes) changes")
    }

    static func undoable(_ t: ShellTester) throws -> Int {
        try t.store.journal(limit: JournalEntry.capacity).filter { !$0.undone }.count
    }
}
