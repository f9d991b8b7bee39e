import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The full-text index merged at idle (SQLiteItemStore+WordMerges): FTS5's own merging is off
/// (automerge 0), so without the shell's idle steps every edit of a title or notes would leave
/// a segment more for each later `find` to walk.
@Suite struct WordMergeTests {
    func segments(_ store: SQLiteItemStore) throws -> Int64 {
        try store.db.scalar("SELECT count(DISTINCT segid) FROM item_text_idx")
    }

    /// The most segments the index held after any of the edits.
    func editNotes(_ store: SQLiteItemStore, times: Int, idling: Bool) throws -> Int64 {
        var most: Int64 = 0
        var item = try store.add(TodoItem(id: UUID(), title: "Buy bread", due: nil, created: Date(timeIntervalSince1970: 1_790_000_000)))
        for n in 1...times {
            var changed = item
            changed.notes = "note \(n) of \(times)"
            item = try store.edit(changed, expecting: item, at: Date(timeIntervalSince1970: 1_790_000_000 + Double(n)))
            if idling { store.idle() }
            most = max(most, try segments(store))
        }
        return most
    }

    @Test func idleStepsKeepTheSegmentsFewWhereEditsAlonePileThemUp() throws {
        let dir = TemporaryDirectory()
        let idle = try #require(try StoreOpener.open(path: dir.file("idle.sqlite"), backend: .sqlite) as? SQLiteItemStore)
        let busy = try #require(try StoreOpener.open(path: dir.file("busy.sqlite"), backend: .sqlite) as? SQLiteItemStore)
        // Without the steps they pile up to FTS5's crisis merge (16 at a level); with them a
        // level never holds more than the 4 a step merges.
        let kept = try editNotes(idle, times: 120, idling: true)
        let left = try editNotes(busy, times: 120, idling: false)
        #expect(kept <= 4, "at most \(kept) segments in 120 edits, each followed by an idle step")
        #expect(left >= 12, "without the idle steps: up to \(left) segments, with them \(kept)")
        // What was merged still finds the item, by its newest notes only.
        #expect(try idle.matchCount(try #require(SearchQuery("120"))) == 1)
        #expect(try idle.matchCount(try #require(SearchQuery("119"))) == 0)
    }

    /// A batch (`--single-transaction`, or one import) writes a segment per command and never
    /// idles inside: the step after it is sized by what it wrote, so it merges them all. A fixed
    /// 16 pages left every one for later finds to walk (10 segments before that step, 11 after).
    @Test func theStepAfterABatchMergesWhatTheBatchWrote() throws {
        let dir = TemporaryDirectory()
        let store = try #require(try StoreOpener.open(path: dir.file("batch.sqlite"), backend: .sqlite) as? SQLiteItemStore)
        try store.beginBatch()
        for n in 0..<400 {
            // Notes of many different words, so each command's segment spans pages, as a
            // store's real text does at scale.
            let notes = (0..<300).map { "word\(($0 * 13 + n * 7) % 997)" }.joined(separator: " ")
            _ = try store.add(TodoItem(id: UUID(), title: "Item \(n)", notes: notes, due: nil,
                                       created: Date(timeIntervalSince1970: 1_790_000_000 + Double(n))))
        }
        try store.endBatch(commit: true)
        let written = try segments(store)
        store.idle()
        let merged = try segments(store)
        #expect(written >= 8, "the batch left \(written) segments")
        #expect(merged <= 4, "after the step: \(merged) segments of \(written)")
        #expect(try store.matchCount(try #require(SearchQuery("item"))) == 400)
    }

    @Test func aStepIsSixteenPagesOrAPageForEverySixteenRowsWritten() {
        #expect(SQLiteItemStore.mergePages(afterWriting: 0) == 16)
        #expect(SQLiteItemStore.mergePages(afterWriting: 255) == 16)
        #expect(SQLiteItemStore.mergePages(afterWriting: 1_600_000) == 100_000)
    }
}
