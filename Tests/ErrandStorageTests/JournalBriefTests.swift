import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// `log` reads each entry's tally (journalInBrief), not its changes: what it says must be what
/// the changes say, on both backends, after undo and redo, and for entries an older SQLite
/// store wrote before it kept tallies.
@Suite(.tags(.process), .fullLane) struct JournalBriefTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!
    let noon = Date(timeIntervalSince1970: 1_795_000_000)

    func item(_ title: String) -> TodoItem {
        TodoItem(id: UUID(), title: title, due: day, created: Date(timeIntervalSince1970: 1_790_000_000))
    }

    /// An import of three items, a check of two (one changed, one created as its next
    /// occurrence would be), a removal and a saved search.
    func fill<Store: ItemStore & SavedSearchStore>(_ store: Store) throws -> [TodoItem] {
        let items = [item("a"), item("b"), item("c")]
        try store.changeItems(journaled: JournalContext(command: "import", time: noon)) { records in
            for item in items { try records.insert(item) }
        }
        try store.changeItems(journaled: JournalContext(command: "check", time: noon)) { records in
            var done = items[1]
            done.isDone = true
            try records.update(done)
            try records.insert(item("next b"))
        }
        try store.changeItems(journaled: JournalContext(command: "delete", time: noon)) { records in
            try records.removeItem(id: items[2].id)
        }
        let search = SavedSearch(name: "soon", tab: .todos, query: "due:<+7d")
        try store.changeSavedSearch(SavedSearchChange(before: nil, after: search), journaled: JournalContext(command: "save", time: noon))
        return items
    }

    func create<Store: ItemStore>(_ store: Store, _ item: TodoItem) throws {
        try store.changeItems(journaled: JournalContext(command: "create", time: noon)) { records in try records.insert(item) }
    }

    /// Each entry in brief as the whole one reads.
    func expectBriefsMatch<Store: ItemStore>(_ store: Store, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try store.journal(limit: 10)
        let brief = try store.journalInBrief(limit: 10)
        #expect(whole.count == count, sourceLocation: sourceLocation)
        #expect(brief.map(\.id) == whole.map(\.id), sourceLocation: sourceLocation)
        for (b, w) in zip(brief, whole) {
            #expect(b.tally == w.tally, "\(w.command)", sourceLocation: sourceLocation)
            #expect(b.command == w.command && b.time == w.time && b.undone == w.undone, sourceLocation: sourceLocation)
            #expect(b.searches == w.searches && b.isIrreversible == w.isIrreversible, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: Backend.allCases)
    func theBriefTellsWhatTheChangesDoAfterUndoAndRedo(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let items = try fill(store)
        try expectBriefsMatch(store, count: 4)
        let imported = try #require(try store.journalInBrief(limit: 10).last)
        #expect(imported.tally.touched == 3 && imported.tally.created == 3 && imported.tally.found == 0)
        #expect(imported.tally.firstTouched == items[0])
        let checked = try #require(try store.journalInBrief(limit: 10).dropFirst(2).first)
        #expect(checked.tally.subjects.count == 1 && checked.tally.firstFound == items[1] && checked.tally.created == 2)

        #expect(try store.apply(.undo)?.command == "save")
        #expect(try store.apply(.undo)?.command == "delete")
        #expect(try store.journalInBrief(limit: 10).map(\.undone) == [true, true, false, false])
        try expectBriefsMatch(store, count: 4)
        #expect(try store.apply(.redo)?.command == "delete")
        try expectBriefsMatch(store, count: 4)
        // A new change ends redo: the entry it drops takes its tally along, and the one that
        // takes its id has its own.
        try create(store, item("d"))
        try expectBriefsMatch(store, count: 4)
        #expect(try store.journalInBrief(limit: 1).first?.tally.firstCreated?.title == "d")
    }

    /// The store before tallies were kept, as MigrationTests.withoutJournalBriefs rolls it back.
    func rolledBack(_ path: String) throws {
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutJournalBriefs
            + "PRAGMA user_version = \(MigrationTests.version(before: SQLiteSchema.journalBriefs));") == 0)
    }

    /// The migration counts the entries already there, undone ones too, and stores their tallies.
    @Test func theMigrationCountsTheEntriesAnOlderVersionWrote() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let items = try fill(store)
        #expect(try store.apply(.undo)?.command == "save")
        let before = try store.journal(limit: 10)
        store.close()
        try rolledBack(path)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        try expectBriefsMatch(reopened, count: 4)
        #expect(try reopened.journal(limit: 10) == before)
        #expect(try reopened.journalInBrief(limit: 10).last?.tally.firstTouched == items[0])
        // Stored, not counted again by each `log`: the table holds one tally an entry.
        let sqlite = try #require(reopened as? SQLiteItemStore)
        #expect(try sqlite.db.scalar("SELECT count(*) FROM journal_brief") == 4)
    }

    /// An entry whose tally is gone (by hand) is counted from its changes; one whose changes
    /// are damaged still fails `log` with the damage named, and the migration leaves it be.
    @Test func aMissingTallyIsCountedAndADamagedEntryNamed() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("hand.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try fill(store)
        store.close()
        #expect(try SQLiteCLI.run(path, "DELETE FROM journal_brief WHERE id = (SELECT min(id) FROM journal);") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        try expectBriefsMatch(reopened, count: 4)
        reopened.close()

        #expect(try SQLiteCLI.run(path, "UPDATE journal SET changes = '[{\"after\":' WHERE id = (SELECT min(id) FROM journal);") == 0)
        try rolledBack(path)
        let damaged = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(throws: StoreError.notAStore(path: path, reason: "damaged: an undo journal entry cannot be read")) {
            try damaged.journalInBrief(limit: 10)
        }
        #expect(try damaged.journalInBrief(limit: 3).map(\.command) == ["save", "delete", "check"])
    }
}
