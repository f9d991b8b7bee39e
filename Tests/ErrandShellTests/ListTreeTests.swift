import ErrandDomain
@testable import ErrandShell
import Foundation
import Testing

/// A page arranged as its tree without a store or a terminal: the order and depths, the
/// counts of children not shown, and what a hostile file may hold (a chain 100,000 deep, a
/// cycle), each row placed once.
@Suite struct ListTreeTests {
    let day = DueDay(year: 2026, month: 11, day: 29)!

    func item(_ title: String, under parent: TodoItem? = nil, done: Bool = false) -> TodoItem {
        var made = TodoItem(id: UUID(), title: title, due: day, isDone: done, created: Date(timeIntervalSince1970: 1_790_000_000))
        made.parent = parent?.uid
        return made
    }

    func tree(_ page: [TodoItem], stored: [TodoItem] = []) throws -> ListTree {
        let all = ItemManager(items: page + stored)
        return try ListTree(page, isStored: { all.item(uid: $0) != nil }, childCount: all.childCount(of:))
    }

    @Test func childrenFollowTheirParentInPageOrderAStepDeeperEach() throws {
        let party = item("Party")
        let cake = item("Cake", under: party)
        let candles = item("Candles", under: cake)
        let other = item("Other")
        let balloons = item("Balloons", under: party)
        let t = try tree([candles, other, party, balloons, cake])
        #expect(t.rows.map(\.title) == ["Other", "Party", "Balloons", "Cake", "Candles"])
        #expect(t.depths == [0, 0, 1, 1, 2])
        #expect(t.counts.isEmpty && t.warning == nil)
    }

    @Test func aParentCountsTheChildrenNotShownUnderIt() throws {
        let party = item("Party")
        let cake = item("Cake", under: party)
        let done = item("Balloons", under: party, done: true)
        let elsewhere = item("Hats", under: party)
        // Balloons is in the Done section, Hats on another page: neither is under Party here.
        let t = try tree([party, cake, done], stored: [elsewhere])
        #expect(t.rows.map(\.title) == ["Party", "Cake", "Balloons"])
        #expect(t.depths == [0, 1, 0])
        #expect(t.counts == [0: ChildCount(done: 1, total: 3)])
        #expect(ListTree.mark(ChildCount(done: 1, total: 3)) == "1/3")
    }

    @Test func aMissingParentAndACycleAreAtTheTopLevelWithOneWarning() throws {
        var a = item("A")
        var b = item("B")
        a.parent = b.uid
        b.parent = a.uid
        var orphan = item("Orphan")
        orphan.parent = "nowhere"
        let t = try tree([a, b, orphan])
        #expect(t.rows.map(\.title) == ["Orphan", "A", "B"])
        #expect(t.depths == [0, 0, 1])
        #expect(t.warning == "listed at the top level: 1 subtask whose parent is missing and 1 subtask whose parents form a cycle")
    }

    @Test func aChainAHundredThousandDeepIsPlacedOnceEachWithoutAStack() throws {
        var chain: [TodoItem] = []
        var parent: TodoItem?
        for n in 0..<100_000 {
            let link = item("Link \(n)", under: parent)
            chain.append(link)
            parent = link
        }
        let t = try tree(chain.reversed())
        #expect(t.rows.count == 100_000 && t.rows.first?.title == "Link 0" && t.rows.last?.title == "Link 99999")
        #expect(t.depths.last == 99_999 && t.warning == nil)
        // And the store's walk of the same chain, with a cycle closed at its end.
        var first = try #require(chain.first)
        first.parent = chain.last?.uid
        chain[0] = first
        let manager = ItemManager(items: chain)
        #expect(try manager.descendants(of: first).count == 99_999)
    }
}
