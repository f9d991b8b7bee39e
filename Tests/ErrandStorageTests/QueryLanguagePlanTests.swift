import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The query language's statements read through indexes: a query with a selective term is
/// counted from that term's index (never a scan of the items), and a page of a query with
/// many rows walks the list order's indexes without sorting.
@Suite struct QueryLanguagePlanTests {
    func plan(_ store: SQLiteItemStore, _ sql: String) throws -> String { try QueryPlanTests().plan(store, sql) }

    @Test func selectiveTermsAreReadThroughTheirIndexes() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("plan.sqlite"))
        let expected: [(String, String)] = [
            ("#work due:<+7d", "item_tag USING COVERING INDEX item_tag_priority (key=?)"),
            ("priority:high is:open -#work", "COVERING INDEX item_priority"),
            ("bread is:overdue", "item_text VIRTUAL TABLE"),
            ("due:+2d is:open", "(due>? AND due<?)"),
            ("is:undated -#home", "(due=?)"),
            ("near:48.85,2.35 is:open", "item_place VIRTUAL TABLE"),
            ("(#home or #work) is:done", "item_tag USING COVERING INDEX item_tag_priority (key=?)"),
        ]
        let today = DueDay(year: 2026, month: 11, day: 29)!
        for (text, index) in expected {
            let query = try SearchQuery.parse(text, today: today) { try DateInputParser.parse($0, today: today).day }
            let condition = SQLiteQueryCondition(query.expression)
            let count = try plan(store, "SELECT count(*) FROM item WHERE " + condition.sql)
            #expect(count.contains(index), "\(text): \(count)")
            #expect(!count.contains("SCAN item ") && !count.hasSuffix("SCAN item"), "\(text) scans the items: \(count)")
        }
        // Many rows: each section walks its index in the list's order, no sort.
        let condition = SQLiteQueryCondition(.term(.priority(1...4)))
        let toDo = try plan(store, "SELECT id FROM item INDEXED BY item_todo_order WHERE done = 0 AND \(condition.sql) "
                            + "ORDER BY " + SQLitePagePlan.terms(ItemOrder.agenda.toDo).joined(separator: ", "))
        let done = try plan(store, "SELECT id FROM item INDEXED BY item_done_seq WHERE done = 1 AND \(condition.sql) "
                            + "ORDER BY " + SQLitePagePlan.terms(ItemOrder.agenda.done).joined(separator: ", "))
        #expect(toDo.contains("item_todo_order") && !toDo.contains("TEMP B-TREE"), "\(toDo)")
        #expect(done.contains("item_done_seq") && !done.contains("TEMP B-TREE"), "\(done)")
    }

    /// Tags with days, states and priorities are counted from a tag's rows in item_tag (which
    /// carry those three), or from item_priority less a minus tag's rows: never the items.
    @Test func facetQueriesAreCountedWithoutReadingTheItems() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("facets.sqlite"))
        let today = DueDay(year: 2026, month: 11, day: 29)!
        let parse = { (text: String) in
            try SearchQuery.parse(text, today: today) { try DateInputParser.parse($0, today: today).day }
        }
        for (text, index) in [("#work due:<+7d", "COVERING INDEX item_tag_facet (key=? AND due>? AND due<?)"),
                              ("#work is:done priority:high", "COVERING INDEX item_tag_priority (key=? AND priority>? AND priority<?)"),
                              ("#home #work is:overdue", "COVERING INDEX item_tag_facet (key=? AND due<?)")] {
            let facets = try #require(SQLiteFacetCount(try parse(text).expression), "\(text)")
            let sql = try #require(facets.tagRowsSQL, "\(text)").sql
            let plan = try plan(store, sql)
            #expect(plan.contains(index) && !plan.contains("SEARCH item USING") && !plan.contains("SCAN item "), "\(text): \(plan)")
        }
        let minus = try #require(SQLiteFacetCount(try parse("priority:high is:open -#work").expression)?.splitMinus)
        #expect(minus.without.tagRowsSQL == nil && minus.without.tally == nil && minus.without.priorityTally != nil)
        #expect(try plan(store, try #require(minus.with.tagRowsSQL).sql).contains("item_tag_priority (key=? AND priority>? AND priority<?)"))
        let tally = try #require(SQLiteFacetCount(try parse("is:undated -#home").expression)?.splitMinus?.without.tally)
        #expect(!tally.isEmpty)
        #expect(SQLiteFacetCount(try parse("#work bread").expression) == nil)
        #expect(SQLiteFacetCount(try parse("#work or due:today").expression) == nil)
        #expect(try #require(SQLiteFacetCount(try parse("is:open is:done").expression)?.tally).isEmpty)
    }

    /// A page of a query with a tag reads the tag's rows in list order from its section's
    /// index (SQLiteSchema.tagOrder): no sort, no item read but the page's own.
    @Test func tagPagesWalkTheTagsRowsInListOrder() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("tag-pages.sqlite"))
        let today = DueDay(year: 2026, month: 11, day: 29)!
        for text in ["#work due:<+7d", "#work is:done priority:high", "#home -#work is:overdue", "#home is:undated"] {
            let query = try SearchQuery.parse(text, today: today) { try DateInputParser.parse($0, today: today).day }
            let facets = try #require(SQLiteFacetCount(query.expression), "\(text)")
            for done in [false, true] {
                let sql = try #require(facets.tagRowsPage(done: done, in: .agenda), "\(text)").sql
                let plan = try plan(store, sql)
                #expect(plan.contains(done ? "item_tag_done (key=?)" : "item_tag_todo (key=?") && !plan.contains("TEMP B-TREE")
                        && !plan.contains("SEARCH item USING") && !plan.contains("SCAN item "), "\(text) \(done): \(plan)")
            }
        }
        #expect(SQLiteFacetCount(try SearchQuery.parse("priority:high -#work", today: today) { _ in today }.expression)?
            .tagRowsPage(done: false, in: .agenda) == nil)
    }

    @Test func anAdsPageInPriceOrderWalksAPriceIndex() throws {
        let dir = TemporaryDirectory()
        let store = try SQLiteItemStore(path: dir.file("ads.sqlite"))
        for (text, category, index) in [("price:<500 sort:price", Int64(3), "ad_category_price (category_id=? AND price<?)"),
                                        ("price:100..500 sort:-price", nil, "ad_price_order (price>? AND price<?)")] {
            var query = try AdQuery.parse(text)
            query.categoryID = category
            let (conditions, values) = SQLiteItemStore.adConditions(query)
            let sql = "SELECT id FROM ad\(conditions) ORDER BY \(SQLiteItemStore.adOrder(query.sort)) LIMIT 40"
            #expect(values.count == 2)
            let walk = try plan(store, sql)
            #expect(walk.contains(index) && !walk.contains("TEMP B-TREE"), "\(text): \(walk)")
        }
    }
}
