import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The undo journal, both backends: kept in the store across reopening, applied back and forth
/// only over items still as the entry left them, bounded, and one step per command.
@Suite(.tags(.process), .fullLane) struct JournalContractTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!
    let noon = Date(timeIntervalSince1970: 1_795_000_000)

    func item(_ title: String) -> TodoItem {
        TodoItem(id: UUID(), title: title, due: day, created: Date(timeIntervalSince1970: 1_790_000_000))
    }

    /// SQLite keeps a command's changes in a temporary table made inside the command's own
    /// transaction: a refused first command rolled the table back with it, and every later
    /// change failed ("no such table: temp.journal_spool").
    @Test(arguments: Backend.allCases)
    func aChangeAfterARefusedOneIsJournaled(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        // The first change of this connection is the refused one.
        try refuse(store)
        let a = try store.add(item("a"), journaled: JournalContext(command: "create", time: noon))
        try changeTwice(store, a)
        var renamed = a
        renamed.title = "b"
        let journal = try store.journal(limit: 10)
        #expect(journal.map(\.command) == ["edit", "create"])
        #expect(journal.first?.changes == [ItemChange(before: a, after: renamed)])
        #expect(try store.allItems().map(\.title) == ["b"])
    }

    struct Refused: Error {}

    func refuse<Store: ItemStore>(_ store: Store) throws {
        #expect(throws: Refused.self) {
            try store.changeItems(journaled: JournalContext(command: "create", time: noon)) { records in
                try records.insert(item("gone"))
                throw Refused()
            }
        }
    }

    func refuse<Store: ItemStore>(_ store: Store, removing item: TodoItem, as journal: JournalContext) throws {
        #expect(throws: Refused.self) {
            try store.changeItems(journaled: journal) { records in
                try records.removeItem(id: item.id)
                throw Refused()
            }
        }
    }

    /// A command that changes `a` twice (its first before and last after are journaled), then
    /// one that puts it back as it was (no entry).
    func changeTwice<Store: ItemStore>(_ store: Store, _ a: TodoItem) throws {
        var renamed = a
        renamed.title = "b"
        try store.changeItems(journaled: JournalContext(command: "edit", time: noon)) { records in
            var first = a
            first.title = "between"
            try records.update(first)
            try records.update(renamed)
        }
        try store.changeItems(journaled: JournalContext(command: "noop", time: noon)) { records in
            var other = renamed
            other.title = "other"
            try records.update(other)
            try records.update(renamed)
        }
    }

    @Test(arguments: Backend.allCases)
    func undoAndRedoWorkAfterReopening(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"), journaled: JournalContext(command: "create", time: noon))
        let checked = try store.setDone(true, listed: [a], at: Date(timeIntervalSince1970: 1_790_000_000), journaled: JournalContext(command: "check", time: noon))
        store.close()

        let reopened = try backend.open(dir)
        let journal = try reopened.journal(limit: 10)
        #expect(journal.map(\.command) == ["check", "create"])
        #expect(journal.first?.changes == [ItemChange(before: a, after: checked.first)])
        #expect(journal.first?.time == noon)
        #expect(try reopened.apply(.undo)?.command == "check")
        #expect(try reopened.item(id: a.id) == a)
        reopened.close()

        let again = try backend.open(dir)
        #expect(try again.journal(limit: 10).map(\.undone) == [true, false])
        #expect(try again.apply(.redo)?.command == "check")
        #expect(try again.item(id: a.id) == checked.first)
        #expect(try again.apply(.redo) == nil)
        #expect(try again.apply(.undo)?.command == "check")
        #expect(try again.apply(.undo)?.command == "create")
        #expect(try again.allItems().isEmpty)
        #expect(try again.apply(.undo) == nil)
    }

    /// Another handle (another shell) changed the item since: undo would overwrite that change,
    /// so it is refused, and neither the item nor the journal moves.
    @Test(arguments: Backend.allCases)
    func anUndoOvertakenByALaterChangeIsRefused(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let first = try backend.open(dir)
        let a = try first.add(item("a"), journaled: JournalContext(command: "create", time: noon))
        _ = try first.setDone(true, listed: [a], at: Date(timeIntervalSince1970: 1_790_000_000), journaled: JournalContext(command: "check", time: noon))
        let second = try backend.open(dir)
        let stored = try #require(try second.item(id: a.id))
        var renamed = stored
        renamed.title = "renamed elsewhere"
        _ = try second.edit(renamed, expecting: stored, at: Date(timeIntervalSince1970: 1_790_000_000))

        #expect(throws: StoreError.journalStale(step: "undo", command: "check", title: "a")) { try first.apply(.undo) }
        #expect(try first.item(id: a.id)?.title == "renamed elsewhere")
        #expect(try first.journal(limit: 10).map(\.undone) == [false, false])
    }

    @Test(arguments: Backend.allCases)
    func aNewChangeEndsWhatRedoCouldApply(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"), journaled: JournalContext(command: "create", time: noon))
        _ = try store.setDone(true, listed: [a], at: Date(timeIntervalSince1970: 1_790_000_000), journaled: JournalContext(command: "check", time: noon))
        _ = try store.apply(.undo)
        _ = try store.add(item("b"), journaled: JournalContext(command: "create", time: noon))
        #expect(try store.apply(.redo) == nil)
        #expect(try store.journal(limit: 10).map(\.command) == ["create", "create"])
    }

    /// Several items in one command are one entry, undone together; a clear too.
    @Test(arguments: Backend.allCases)
    func oneCommandIsOneEntryWhateverItTouched(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let items = try (1...3).map { n in try store.add(item("item \(n)")) }
        _ = try store.delete(listed: Array(items.prefix(2)), journaled: JournalContext(command: "swipe", time: noon))
        _ = try store.removeAll(journaled: JournalContext(command: "clear", time: noon))
        let journal = try store.journal(limit: 10)
        #expect(journal.map(\.command) == ["clear", "swipe"])
        #expect(journal.map(\.changes.count) == [1, 2])
        _ = try store.apply(.undo)
        #expect(try store.allItems().map(\.title) == ["item 3"])
        _ = try store.apply(.undo)
        #expect(try Set(store.allItems()) == Set(items))
    }

    /// The journal's context goes with each change and never stays with the store: a change
    /// handed none (a sync's receipts, a reminder ringing) between two commands' changes, or
    /// after a command whose change was refused, lands under no command, and each command's
    /// change (a saved search's too) under its own name and time, so undo walks back exactly
    /// the commands' steps and leaves what no command did.
    @Test(arguments: Backend.allCases)
    func eachChangeIsJournaledAsTheCommandHandedToIt(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let a = try store.add(item("a"), journaled: JournalContext(command: "create a", time: noon))
        _ = try store.add(item("received"))
        var renamed = a
        renamed.title = "b"
        let edited = try store.edit(renamed, expecting: a, at: noon, journaled: JournalContext(command: "edit 1", time: noon + 60))
        try refuse(store, removing: a, as: JournalContext(command: "swipe 1", time: noon + 120))
        _ = try store.receive([item("from the server")])
        let search = SavedSearch(name: "flat", tab: .ads, query: "flat")
        try store.changeSavedSearch(SavedSearchChange(before: nil, after: search),
                                    journaled: JournalContext(command: "save flat", time: noon + 180))
        _ = try store.setDone(true, listed: [edited], at: noon + 240)

        let journal = try store.journal(limit: 10)
        #expect(journal.map(\.command) == ["save flat", "edit 1", "create a"])
        #expect(journal.map(\.time) == [noon + 180, noon + 60, noon])
        #expect(journal.map(\.changes.count) == [0, 1, 1])
        #expect(journal.first?.searches == [SavedSearchChange(before: nil, after: search)])
        #expect(journal.dropFirst().first?.changes == [ItemChange(before: a, after: edited)])
        // The check was no command's: undoing "edit 1" finds the item changed since, and says so.
        #expect(try store.apply(.undo)?.command == "save flat")
        #expect(throws: StoreError.journalStale(step: "undo", command: "edit 1", title: "b")) { try store.apply(.undo) }
        #expect(try store.allItems().map(\.title).sorted() == ["b", "from the server", "received"])
    }

    /// Changes made without a command (a test, a sync) are not journaled.
    @Test(arguments: Backend.allCases)
    func theJournalKeepsItsNewestEntriesOnly(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        _ = try store.add(item("not journaled"))
        try store.beginBatch()
        for n in 1...(JournalEntry.capacity + 5) {
            _ = try store.add(item("n\(n)"), journaled: JournalContext(command: "create", time: noon.addingTimeInterval(Double(n))))
        }
        try store.endBatch(commit: true)
        let journal = try store.journal(limit: 2 * JournalEntry.capacity)
        #expect(journal.count == JournalEntry.capacity)
        #expect(journal.first?.subjects.first?.title == "n\(JournalEntry.capacity + 5)")
        #expect(journal.last?.subjects.first?.title == "n6")
    }
}

extension JournalContractTests {
    /// SQLite reads an entry's changes a piece at a time, finding where each begins and ends in
    /// the JSON itself: text full of JSON's own brackets, quotes and escapes, in an entry many
    /// times its reading chunk, goes back and forth whole; what comes back names it by count.
    @Test(arguments: Backend.allCases)
    func anImportIsUndoneAndRedoneWholeWhateverItsText(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let kept = try store.add(item("kept"), journaled: JournalContext(command: "create", time: noon))
        let awkward = ["]}, {\"after\": [", "\\\"\\\\", "[[[{{{", "\u{1F600} \"}\"", "a,b]"]
        var items = (0..<2_000).map { n in item(awkward[n % awkward.count] + " \(n)") }
        // Long notes of JSON's own characters: the entry crosses its reading chunks inside them.
        for n in stride(from: 0, to: items.count, by: 10) { items[n].notes = String(repeating: "}]\\\"", count: 2_000) }
        _ = try store.importItems(items, journaled: JournalContext(command: "import", time: noon))
        let imported = try store.allItems()
        #expect(imported.count == 2_001)
        let undone = try #require(try store.apply(.undo))
        #expect(undone.command == "import" && undone.tally.touched == 2_000 && undone.tally.firstTouched?.id == items.first?.id)
        #expect(try store.allItems() == [kept])
        let redone = try #require(try store.apply(.redo))
        #expect(redone.tally.created == 2_000)
        #expect(try store.allItems() == imported)
    }

    /// A damaged entry (cut off, not an array, an object where a change was) refuses undo in
    /// one line and changes nothing.
    @Test(arguments: ["'[{\"after\":'", "'{}'", "'[{}]x'", "'[{},]'", "'[1]'", "42"])
    func aDamagedEntryIsRefusedAndChangesNothing(_ changes: String) throws {
        let dir = TemporaryDirectory()
        let store = try Backend.sqlite.open(dir)
        let a = try store.add(item("a"), journaled: JournalContext(command: "create", time: noon))
        store.close()
        #expect(try SQLiteCLI.run(dir.file(Backend.sqlite.fileName), "UPDATE journal SET changes = \(changes);") == 0)
        let reopened = try Backend.sqlite.open(dir)
        #expect(throws: StoreError.notAStore(path: dir.file(Backend.sqlite.fileName),
                                             reason: "damaged: an undo journal entry cannot be read")) { try reopened.apply(.undo) }
        #expect(try reopened.allItems() == [a])
    }
}
