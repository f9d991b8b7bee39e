import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Queries of tags with days, states and priorities, which SQLite counts from the tags' own
/// rows (their copies of each item's day, state and priority) and the per-day tallies: on both
/// backends the count is what the query's tree picks from every item, past the point where a
/// page walks the list order (more than 2,000 rows), and stays so after every kind of change
/// that moves one of those copies (check, uncheck, postpone, a priority, tags, a delete).
@Suite(.tags(.process), .fullLane) struct FacetCountContractTests {
    static let today = QueryLanguageContractTests.today
    static let created = QueryLanguageContractTests.created

    static let queries = [
        "#home due:<+7d", "#home", "#work is:open -#home", "#errand due:<today", "priority:high is:open -#work", "-#work", "-#work -#home is:open", "#home #work",
        "#home priority:medium is:open", "-#rare", "is:open due:<+7d", "#errand is:undated", "-#money is:overdue", "#home is:done",
        "is:open is:done", "-#home -#work -#money", "priority:high", "!! is:done", "priority:low is:open -#home", "#work -#home due:>today priority:low", "is:overdue", "is:done",
    ]

    static func fill(_ store: ErrandStore, seed: UInt64) throws -> [TodoItem] {
        var random = SeededGenerator(seed: seed)
        let tags = ["home", "work", "money", "errand"]
        var added: [TodoItem] = []
        try store.beginBatch()
        for n in 0..<2_400 {
            let pick = { (count: Int) in Int(random.next() % UInt64(count)) }
            var item = TodoItem(id: UUID(), title: "item \(n)", due: pick(10) == 0 ? nil : today.adding(days: pick(40) - 15),
                                created: created)
            if pick(4) != 0 { item.tags = Array(Set((0..<(1 + pick(2))).map { _ in tags[pick(4)] })).sorted() }
            if pick(3) == 0 { item.priority = 1 + pick(9) }
            added.append(try store.add(item))
        }
        try store.endBatch(commit: true)
        _ = try store.setDone(true, listed: added.enumerated().filter { $0.offset % 4 == 1 }.map(\.element), at: created)
        return try store.allItems()
    }

    /// Every query counts and lists exactly what its tree picks, in pages that join up.
    static func check(_ store: ErrandStore, _ backend: Backend, _ when: String, seed: UInt64) throws {
        let all = try store.allItems()
        for text in queries {
            let query = try QueryLanguageContractTests.parse(text)
            let picked = all.filter(query.matches)
            let count = try store.count(.matching(query))
            #expect(count == picked.count, "\(backend) \(when) \(text): count \(count), the tree picks \(picked.count), seed \(seed)")
            var pages: [UUID] = []
            for offset in stride(from: 0, to: count + 1, by: 900) {
                pages += try store.items(.found(query), offset: offset, limit: 900).map(\.id)
            }
            // In `list`'s order, page after page (a tag's are read from its rows in that order).
            #expect(pages == picked.sorted(by: ItemOrder.agenda.areInIncreasingOrder).map(\.id),
                    "\(backend) \(when) \(text): \(pages.count) rows listed, seed \(seed)")
        }
    }

    @Test(arguments: Backend.allCases)
    func countsFollowEveryChangeOfDayStatePriorityAndTags(_ backend: Backend) throws {
        let seed = TestSeed.draw(for: "facet counts")
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var items = try Self.fill(store, seed: seed)
        #expect(try store.count(.matching(try QueryLanguageContractTests.parse("-#rare"))) > 2_000, "a walk is tested")
        try Self.check(store, backend, "filled", seed: seed)

        var random = SeededGenerator(seed: seed &+ 1)
        let pick = { (count: Int) in Int(random.next() % UInt64(count)) }
        for round in 0..<40 {
            guard !items.isEmpty else { break }
            let item = items[pick(items.count)]
            var edited = item
            switch round % 5 {
            case 0: _ = try store.setDone(!item.isDone, id: item.id, expecting: item, at: Self.created)
            case 1: edited.due = Self.today.adding(days: pick(20) - 10)
            case 2: edited.priority = pick(2) == 0 ? nil : 1 + pick(9)
            case 3: edited.tags = pick(2) == 0 ? [] : ["work", "errand"]
            default: _ = try store.delete(id: item.id, expecting: item)
            }
            if round % 5 != 0, round % 5 != 4 { _ = try store.edit(edited, expecting: item, at: Self.created) }
            items = try store.allItems()
        }
        try Self.check(store, backend, "after changes", seed: seed)
    }

    /// A store from before the facets gains them from its items as it opens.
    @Test func aStoreFromBeforeTheFacetsCountsItsTagsRight() throws {
        let seed = TestSeed.draw(for: "facet migration")
        let dir = TemporaryDirectory()
        let path = dir.file("old.sqlite")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        _ = try Self.fill(store, seed: seed)
        store.close()
        let version = MigrationTests.version(before: SQLiteSchema.tagFacets)
        #expect(try SQLiteCLI.run(path, MigrationTests.withoutTagFacets + "PRAGMA user_version = \(version);") == 0)
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        try Self.check(reopened, .sqlite, "migrated", seed: seed)
    }
}
