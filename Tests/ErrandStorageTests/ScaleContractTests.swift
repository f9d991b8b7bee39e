import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// What the scale work added to the store contract, on both backends: pages, tallies that
/// never drift from the items, and batches that land whole or not at all.
@Suite struct ScaleContractTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!

    func item(_ title: String, day offset: Int, minutes: Int? = nil) -> TodoItem {
        TodoItem(id: UUID(), title: title, due: day.adding(days: offset), time: minutes.flatMap { TimeOfDay(minutes: $0) },
                 created: Date(timeIntervalSince1970: 1_790_000_000))
    }

    /// Tallies are kept by triggers (SQLite): compare them with a count of the items after
    /// every kind of change, including undo's restore and removing everything.
    @Test(arguments: Backend.allCases)
    func talliesAlwaysMatchTheItems(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var generator = SeededGenerator(seed: 42)
        func verify(_ step: String) throws {
            let all = try store.allItems()
            let open = (0..<10).map { d in all.filter { !$0.isDone && $0.due == day.adding(days: d) }.count }
            #expect(try store.openCounts(from: day, days: 10) == open, "\(step)")
            #expect(try store.counts() == ItemCounts(toDo: all.filter { !$0.isDone }.count, done: all.filter(\.isDone).count),
                    "\(step)")
            for d in 0..<10 {
                #expect(try store.count(.day(day.adding(days: d))) == all.filter { $0.due == day.adding(days: d) }.count,
                        "\(step)")
            }
        }
        for round in 0..<120 {
            let all = try store.allItems()
            let pick = all.isEmpty ? nil : all[Int(generator.next() % UInt64(all.count))]
            switch generator.next() % 6 {
            case 0, 1:
                _ = try? store.add(item("t\(round)", day: Int(generator.next() % 10)))
            case 2:
                if let pick { _ = try? store.setDone(!pick.isDone, id: pick.id, expecting: pick, at: Date(timeIntervalSince1970: 1_790_000_000)) }
            case 3:
                if let pick { _ = try store.delete(id: pick.id, expecting: pick) }
            case 4:
                // Undo of a check: the item comes back as it was, in place of its changed self.
                if let pick {
                    _ = try? store.setDone(!pick.isDone, id: pick.id, expecting: pick, at: Date(timeIntervalSince1970: 1_790_000_000))
                    try store.putBack([pick])
                }
            default:
                if round % 40 == 39 {
                    let removed = try store.removeAll(journaled: nil)
                    try verify("after clear at round \(round)")
                    try store.putBack(removed)
                }
            }
            try verify("round \(round)")
        }
    }

    @Test(arguments: Backend.allCases)
    func pagesJoinUpToTheWholeList(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        for i in 0..<23 { _ = try store.add(item("i\(i)", day: i % 2, minutes: i % 3 == 0 ? nil : 600 - i)) }
        for listed in try store.items(.day(day)).enumerated() where listed.offset % 4 == 0 {
            _ = try store.setDone(true, id: listed.element.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        }
        let whole = try store.allItems()
        var joined: [TodoItem] = []
        while joined.count < whole.count {
            joined += try store.items(.added, offset: joined.count, limit: 5)
        }
        #expect(joined == whole)
        #expect(try store.items(.added, offset: 100, limit: 5).isEmpty)
        // Odd windows read the same on every backend (PageWindow), SQL or in memory.
        #expect(try store.items(.added, offset: -3, limit: 2) == Array(whole.prefix(2)))
        #expect(try store.items(.added, offset: 0, limit: -1).isEmpty)
        #expect(try store.items(.day(day), offset: 5, limit: -1).isEmpty)
        let wholeDay = try store.items(.day(day))
        #expect(wholeDay.count == 12)
        #expect(try store.items(.day(day), offset: 0, limit: 7) + store.items(.day(day), offset: 7, limit: 7) == wholeDay)
        #expect(wholeDay.map(\.isDone) == wholeDay.map(\.isDone).sorted { !$0 && $1 })
    }

    @Test(arguments: Backend.allCases)
    func aBatchLandsWholeOrNotAtAll(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let kept = try store.add(item("before", day: 0))

        try store.beginBatch()
        _ = try store.add(item("dropped", day: 1))
        _ = try store.delete(id: kept.id, expecting: kept)
        try store.endBatch(commit: false)
        #expect(try store.allItems().map(\.title) == ["before"])

        try store.beginBatch()
        _ = try store.add(item("a", day: 1))
        // A refused change inside the batch undoes only itself.
        #expect(throws: DomainError.self) { try store.add(item("a", day: 1)) }
        _ = try store.add(item("b", day: 2))
        try store.endBatch(commit: true)
        store.close()

        let reopened = try backend.open(dir)
        #expect(try reopened.allItems().map(\.title) == ["before", "a", "b"])
        #expect(try reopened.openCounts(from: day, days: 3) == [1, 1, 1])
    }
}

/// The ads list read a page at a time from the store must be the catalogue's own order.
@Suite struct AdsPagingContractTests {
    @Test(arguments: Backend.allCases)
    func pagesAndSummaryMatchTheWholeCatalogue(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        #expect(try store.catalogueSummary() == nil)
        #expect(try store.listedAds(in: nil, offset: 0, limit: 10).isEmpty)
        var generator = SeededGenerator(seed: 3)
        let categories = (1...4).map { AdCategory(id: Int64($0), name: "c\($0)") }
        // Few distinct dates and urgency values, so the id tie-break is exercised too.
        let ads = (1...90).map { i in
            Ad(id: Int64(1000 - i * 7), categoryID: Int64(1 + generator.next() % 3), title: "t\(i)", description: "d",
               price: 1, created: Int64(generator.next() % 5), isUrgent: generator.next() % 4 == 0)
        }
        let catalogue = Catalogue(ads: ads, categories: categories, source: "file:///x/", fetched: 7)
        _ = try store.replaceCatalogue(catalogue)
        #expect(try store.catalogueSummary() == catalogue.summary)
        #expect(catalogue.summary.count(in: categories[3]) == 0)
        for category in [nil] + categories {
            let whole = catalogue.listed(in: category?.id)
            var paged: [Ad] = []
            while true {
                let page = try store.listedAds(in: category?.id, offset: paged.count, limit: 13)
                if page.isEmpty { break }
                paged += page
            }
            #expect(paged == whole, "\(category?.name ?? "all")")
            #expect(try store.listedAds(in: category?.id, offset: -4, limit: -1).isEmpty)
        }
    }
}

/// Hand-written formatting must be exactly Foundation's, or stored ids would stop matching.
@Suite struct UUIDTextTests {
    @Test func matchesFoundationsUUIDString() {
        for _ in 0..<1000 {
            let id = UUID()
            #expect(UUIDText.of(id) == id.uuidString)
        }
        let edge = UUID(uuid: (0, 0xFF, 0x0F, 0xF0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0xAB, 0xCD))
        #expect(UUIDText.of(edge) == edge.uuidString)
    }

    /// Read back as Foundation reads it: the same UUID for either case, nil for the same
    /// malformed texts (a hand-edited row is listed as damaged either way).
    @Test func parsesWhatFoundationParses() {
        var generator = SeededGenerator(seed: TestSeed.draw(for: "UUIDTextTests"))
        for _ in 0..<1000 {
            let id = UUID(uuid: (UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator), 2, 3,
                                 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, UInt8.random(in: 0...255, using: &generator), 15))
            #expect(UUIDText.parse(id.uuidString) == id)
            #expect(UUIDText.parse(id.uuidString.lowercased()) == id)
        }
        let texts = ["", "0", "00000000-0000-0000-0000-00000000000", "00000000-0000-0000-0000-0000000000000",
                     "00000000-0000-0000-0000_000000000000", "0000000-00000-0000-0000-000000000000",
                     "G0000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-00000000000g",
                     "00000000 0000 0000 0000 000000000000", "{00000000-0000-0000-0000-000000000000}",
                     "00000000-0000-0000-0000-00000000000é", "0000000000000000000000000000000000000",
                     "abcdefAB-CDEF-0123-4567-89abcdefABCD", "00000000-0000-0000-0000-000000000000"]
        for text in texts {
            #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text)")
        }
    }
}

/// The reads that must not grow with the store walk the indexes meant for them: checked on the
/// query plans, not on timings (the figures are in bench/RESULTS.md).
@Suite struct QueryPlanTests {
    func plan(_ store: SQLiteItemStore, _ sql: String) throws -> String {
        let s = try store.db.statement("EXPLAIN QUERY PLAN " + sql)
        var details: [String] = []
        while try s.step() { details.append(s.text(3)) }
        return details.joined(separator: "; ")
    }

    @Test func scaleReadsUseTheirIndexes() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("plan.sqlite"))
        #expect(try plan(store, SQLiteItemStore.weekSQL).contains("SEARCH day_count USING PRIMARY KEY"))
        // Tab and `lists` read the lists' tally alone, not one item.
        #expect(try plan(store, SQLiteItemStore.listCountsSQL) == "SCAN list_tally")
        // The week is the tallies alone: an item not started yet counts on its day.
        #expect(try !plan(store, SQLiteItemStore.weekSQL).contains("item"))
        // Each list the shell shows walks an index in its order, section by section; none
        // sorts (sorting every open item cost 200 ms a page at 1,000,000 items).
        let day = DueDay(year: 2026, month: 11, day: 29)!
        let walks: [(ItemQuery, [String])] = [
            (.day(day), ["USING INDEX item_day_order (due=?)"]),
            (.day(nil), ["USING INDEX item_day_order (due=?)"]),
            (.added, ["item_done_seq"]),
            (.agenda, ["item_todo_order", "USING INDEX item_done_seq (done=?)"]),
            (.overdue(before: day), ["item_todo_order (due<?)"]),
            // A find that matches many items walks the list order's covering indexes, row ids only.
            (.found(try #require(SearchQuery("word"))), ["COVERING INDEX item_day_order", "COVERING INDEX item_done_seq"]),
        ]
        for (query, indexes) in walks {
            let statements = SQLitePagePlan.plan(query).statements
            #expect(statements.count == indexes.count, "\(query)")
            for (sql, index) in zip(statements, indexes) {
                let walk = try plan(store, sql)
                #expect(walk.contains(index) && !walk.contains("TEMP B-TREE"), "\(query): \(walk)")
            }
        }
        // Their sizes come from the per-day tallies, never from the items.
        for selection in [ItemSelection.all, .open, .day(day), .day(nil), .overdue(before: day)] {
            guard case let .due(days, openOnly) = selection else { Issue.record("\(selection) is no tally"); continue }
            let tally = try plan(store, SQLitePagePlan.countSQL(.init(days), openOnly: openOnly))
            #expect(tally.contains("day_count") && !tally.contains(" item"), "\(selection): \(tally)")
        }
        #expect(try plan(store, SQLitePagePlan.countSQL(.on, openOnly: true)).contains("USING PRIMARY KEY (due=?)"))
        let ads = try plan(store, SQLiteItemStore.listedAdsSQL)
        #expect(ads.contains("ad_listing") && !ads.contains("TEMP B-TREE"), "\(ads)")
        let inCategory = try plan(store, SQLiteItemStore.listedInCategorySQL)
        #expect(inCategory.contains("ad_category_order (category_id=?)") && !inCategory.contains("TEMP B-TREE"), "\(inCategory)")
        let same = try plan(store, SQLiteItemRecords.sameEntrySQL)
        // <expr> is coalesce(title_nfc, title): the lookup must be written as the index is.
        #expect(same.contains("USING INDEX item_same_entry (<expr>=? AND due=? AND done=?)"), "\(same)")
    }
}
