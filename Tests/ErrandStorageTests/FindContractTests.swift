import ErrandDomain
import ErrandStorage
import Foundation
import Testing

/// `find` past the point where SQLite walks the list order instead of sorting what it found
/// (more than 2,000 rows): the pages join up to the whole list, in list order, on both
/// backends, and a change made since the last search, here or by another handle, is seen.
@Suite struct FindContractTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!

    /// A word (the full-text index's rows) and a tag (its rows as its facet index gives them,
    /// in their items' day order, put back in rowid order) list their rows in list order.
    @Test(arguments: Backend.allCases, ["COMMON", "#Common"])
    func manyMatchesPageInListOrderAndSeeLaterChanges(_ backend: Backend, _ text: String) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        try store.beginBatch()
        var added: [TodoItem] = []
        for n in 0..<3_000 {
            let title = n % 6 == 5 ? "other \(n)" : "common \(n)"
            var item = TodoItem(id: UUID(), title: title, due: day.adding(days: n % 9), created: Date(timeIntervalSince1970: 1_790_000_000))
            item.tags = n % 6 == 5 ? ["other"] : ["common"]
            added.append(try store.add(item))
        }
        try store.endBatch(commit: true)
        let checked = try store.setDone(true, listed: [added[4], added[0], added[3_000 - 2]], at: Date(timeIntervalSince1970: 1_790_000_000))
        let query = try #require(SearchQuery(text))
        // In `list`'s order: To do by due day (then as added), Done as checked.
        let open = added.filter { $0.title.hasPrefix("common") && !checked.map(\.id).contains($0.id) }
            .sorted { ($0.due?.dayNumber ?? 0, $0.sequence) < ($1.due?.dayNumber ?? 0, $1.sequence) }
        let expected = open.map(\.id) + checked.filter { $0.title.hasPrefix("common") }.map(\.id)
        #expect(try store.count(.matching(query)) == 2_500)
        var pages: [UUID] = []
        for offset in stride(from: 0, to: 2_600, by: 700) {
            pages += try store.items(.found(query), offset: offset, limit: 700).map(\.id)
        }
        #expect(pages == expected)

        // Another handle adds one; this one's next search sees it, at the end of its day.
        let other = try backend.open(dir)
        var lateItem = TodoItem(id: UUID(), title: "common late", due: day, created: Date())
        lateItem.tags = ["common"]
        let late = try other.add(lateItem)
        #expect(try store.count(.matching(query)) == 2_501)
        let sameDay = open.filter { $0.due == day }.count
        #expect(try store.items(.found(query), offset: sameDay, limit: 1).map(\.id) == [late.id])
        // And a change here: deleted, it is found no more.
        _ = try store.delete(id: late.id, expecting: nil)
        #expect(try store.count(.matching(query)) == 2_500)
    }
}
