import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The read side on both backends: every selection in every order reads as its ItemOrder
/// declaration sorts it, a page at a time, with a count that agrees. For SQLite this holds the
/// ORDER BY it writes from an order's keys to the comparator the keys define.
@Suite struct QueryContractTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!

    @Test(arguments: Backend.allCases)
    func everySelectionInEveryOrderReadsAsItsKeysSort(_ backend: Backend) throws {
        let seed = TestSeed.draw(for: "everySelectionInEveryOrderReadsAsItsKeysSort")
        var generator = SeededGenerator(seed: seed)
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let words = ["milk", "bread", "school"]
        // Every day (and no date) gets open and done items; times, titles and the order they
        // are added and checked are drawn, and few times, so ties fall to the later keys.
        for i in (0..<60).shuffled(using: &generator) {
            let offset = i % 7 - 3
            let minutes = offset == 3 || generator.next() % 3 == 0 ? nil : TimeOfDay(minutes: Int(generator.next() % 4) * 90)
            let item = TodoItem(id: UUID(), title: "\(words[Int(generator.next() % 3)]) \(i)",
                                due: offset == 3 ? nil : day.adding(days: offset), time: minutes,
                                created: Date(timeIntervalSince1970: 1_790_000_000))
            let added = try store.add(item)
            if i / 7 % 3 == 0 { _ = try store.setDone(true, id: added.id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000)) }
        }
        let everything = try store.allItems()
        #expect(everything.count == 60)
        let reference = ItemManager(items: everything)
        var selections: [ItemSelection] = [.all, .open, .day(nil), .due(.on(nil), openOnly: true),
                                           .matching(try #require(SearchQuery("milk")))]
        for offset in [-1, 0, 2] {
            selections += [.day(day.adding(days: offset)), .due(.on(day.adding(days: offset)), openOnly: true),
                           .overdue(before: day.adding(days: offset)), .due(.before(day.adding(days: offset)), openOnly: false)]
        }
        for selection in selections {
            for order in [ItemOrder.sections, .agenda, .day] {
                let query = ItemQuery(selection, in: order)
                let expected = reference.items(query)
                #expect(!expected.isEmpty, "seed \(seed): \(query) lists nothing, so checks nothing")
                #expect(try store.items(query).map(\.title) == expected.map(\.title), "seed \(seed): \(query)")
                #expect(try store.count(selection) == expected.count, "seed \(seed): \(selection)")
                var paged: [TodoItem] = []
                while paged.count < expected.count {
                    let page = try store.items(query, offset: paged.count, limit: 4)
                    if page.isEmpty { break }
                    paged += page
                }
                #expect(paged.map(\.title) == expected.map(\.title), "seed \(seed): \(query) in pages of 4")
            }
        }
    }

    /// The declarations themselves, on a few items whose order is known by hand.
    @Test func theOrdersAreTheListsOrders() throws {
        func item(_ title: String, _ due: Int?, _ time: String?, done: Bool = false, _ sequence: Int64) -> TodoItem {
            TodoItem(id: UUID(), title: title, due: due.map { day.adding(days: $0) }, time: time.flatMap { TimeOfDay(text: $0) },
                     isDone: done, created: Date(timeIntervalSince1970: 0), sequence: sequence)
        }
        let items = [
            item("undated", nil, nil, 1), item("tomorrow", 1, nil, 2), item("today late", 0, nil, 3),
            item("today 9", 0, "09:00", 4), item("today 8", 0, "08:00", 5),
            item("done first", 0, "10:00", done: true, 6), item("done then", 0, "07:00", done: true, 7),
        ]
        let manager = ItemManager(items: items.shuffled())
        func titles(_ query: ItemQuery) -> [String] { manager.items(query).map(\.title) }
        #expect(titles(.added) == ["undated", "tomorrow", "today late", "today 9", "today 8", "done first", "done then"])
        #expect(titles(.agenda) == ["today 8", "today 9", "today late", "tomorrow", "undated", "done first", "done then"])
        #expect(titles(.day(day)) == ["today 8", "today 9", "today late", "done then", "done first"])
        #expect(titles(.overdue(before: day.adding(days: 1))) == ["today 8", "today 9", "today late"])
    }
}
