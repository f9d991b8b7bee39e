import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 21: an older Errand's swipe of a series left its finished occurrences (Occurrence)
/// behind, done rows no command may change or delete. Both backends drop them once the store
/// is opened by this version; the occurrences of a series still here stay.
@Suite(.tags(.process), .fullLane) struct OrphanOccurrenceTests {
    static let day = DueDay(dayNumber: 20_786)
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    /// A series with one finished occurrence, and an occurrence of a series that is gone.
    func fill(_ store: any ItemStore) throws -> (series: TodoItem, kept: TodoItem, orphan: TodoItem) {
        let series = TodoItem(id: UUID(), uid: "run@em", title: "Morning run", due: Self.day,
                              created: Self.created, repeats: Repeat(text: "day", from: Self.day))
        let kept = TodoItem(id: UUID(), uid: Occurrence.uid(series: "run@em", recurrenceID: "20261129"),
                            title: "Morning run", due: Self.day.adding(days: -1), isDone: true, created: Self.created)
        let orphan = TodoItem(id: UUID(), uid: Occurrence.uid(series: "swiped@em", recurrenceID: "20261128"),
                              title: "Swiped long ago", due: Self.day, isDone: true, created: Self.created)
        // Received as from a file or a server, so the occurrences keep their done state.
        _ = try store.receive([series, kept, orphan])
        let stored = try store.allItems()
        #expect(stored.map(\.isDone) == [false, true, true])
        return (try #require(stored.first), try #require(stored.dropFirst().first), try #require(stored.last))
    }

    @Test func theMigrationRemovesOccurrencesWithoutTheirSeries() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let (series, kept, orphan) = try fill(store)
        #expect(try store.allItems().count == 3)
        store.close()
        // Back to the version before it: the rows are as an older Errand left them.
        let before = MigrationTests.version(before: SQLiteSchema.leftovers)
        #expect(before < SQLiteSchema.currentVersion)
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutLeftovers + "PRAGMA user_version = \(before);") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        #expect(try reopened.allItems().map(\.id) == [series.id, kept.id])
        #expect(try reopened.item(id: orphan.id) == nil)
        // The triggers' tallies and the search index went with the row.
        #expect(try reopened.counts() == ItemCounts(toDo: 1, done: 1))
        let db = try #require(reopened as? SQLiteItemStore).db
        #expect(try db.scalar("SELECT count(*) FROM item_text WHERE item_text MATCH 'Swiped'") == 0)
        #expect(try db.scalar("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
    }

    @Test func thePropertyListStoreLeavesThemOutAndItsNextWriteDropsThem() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("store.plist")
        let store = try StoreOpener.open(path: path, backend: .plist)
        let (series, kept, orphan) = try fill(store)
        store.close()
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        let reopened = try StoreOpener.open(path: path, backend: .plist)
        #expect(try reopened.allItems().map(\.id) == [series.id, kept.id])
        #expect(try reopened.item(id: orphan.id) == nil)
        #expect(try reopened.counts() == ItemCounts(toDo: 1, done: 1))
        // Reading writes nothing; the next change writes the file without the orphan.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
        _ = try reopened.add(TodoItem(id: UUID(), title: "Stretch", due: Self.day, created: Self.created))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("swiped@em") && text.contains("run@em;RECURRENCE-ID=20261129"))
    }
}
