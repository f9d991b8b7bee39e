import ErrandDomain
@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Subtasks (ItemField.parent) in both backends: the parent's UID is kept, its children found
/// and counted (SQLite through item_parent), a subtree walked once whatever its shape, and the
/// journal, the JSON export and the SwiftUI app's plist treat it as every declared field.
extension StoreContractTests {
    func under(_ title: String, _ parent: TodoItem?) -> TodoItem {
        var made = item(title)
        made.parent = parent?.uid
        return made
    }

    @Test(arguments: Backend.allCases)
    func aParentsChildrenAreFoundCountedAndKept(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let party = try store.add(item("Party"))
        let balloons = try store.add(under("Balloons", party))
        let cake = try store.add(under("Cake", party))
        let candles = try store.add(under("Candles", cake))
        _ = try store.setDone(true, listed: [balloons], at: Date(timeIntervalSince1970: 1_790_000_100))
        #expect(try store.children(of: party.uid).map(\.title) == ["Cake", "Balloons"])
        #expect(try store.childCount(of: party.uid) == ChildCount(done: 1, total: 2))
        #expect(try store.childCount(of: balloons.uid) == ChildCount())
        #expect(try store.descendants(of: party).map(\.title) == ["Cake", "Balloons", "Candles"])
        // A page's counts at once, as each alone (a UID twice, one unknown, one with none).
        let counts = try store.childCounts(of: [party.uid, cake.uid, balloons.uid, party.uid, "no such \"uid\""])
        #expect(counts[party.uid] == ChildCount(done: 1, total: 2))
        #expect(counts[cake.uid] == ChildCount(done: 0, total: 1))
        #expect((counts[balloons.uid] ?? ChildCount()) == ChildCount())
        #expect(try store.childCounts(of: []).isEmpty)
        store.close()
        let reopened = try backend.open(dir)
        #expect(try reopened.item(id: candles.id)?.parent == cake.uid)
        // Moved to the top level: no longer its parent's child.
        var top = try #require(try reopened.item(id: candles.id))
        let before = top
        top.parent = nil
        _ = try reopened.edit(top, expecting: before, at: Date(timeIntervalSince1970: 1_790_000_200),
                              journaled: JournalContext(command: "edit 4 --top-level", time: Date(timeIntervalSince1970: 1_790_000_200)))
        #expect(try reopened.children(of: cake.uid).isEmpty)
        // Undone: back under it.
        _ = try reopened.apply(.undo)
        #expect(try reopened.children(of: cake.uid).map(\.id) == [candles.id])
    }

    /// Issue 23: a parent's detail reads a page of its children with their own counts at once,
    /// in the order of `children`, itself left out when it is its own parent.
    @Test(arguments: Backend.allCases)
    func aPageOfChildrenComesWithTheirOwnCounts(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var party = item("Party")
        party.parent = party.uid
        party = try store.add(party)
        let children = try (1...5).map { try store.add(under("Child \($0)", party)) }
        _ = try store.add(under("Grandchild a", children[1]))
        let b = try store.add(under("Grandchild b", children[1]))
        _ = try store.setDone(true, listed: [b, children[0]], at: Date(timeIntervalSince1970: 1_790_000_100))
        #expect(try store.subtaskCount(of: party) == 5)
        let all = try store.subtasks(of: party, offset: 0, limit: .max)
        #expect(all.map(\.item.title) == ["Child 2", "Child 3", "Child 4", "Child 5", "Child 1"])
        #expect(all.map(\.item.title) == (try store.children(of: party.uid)).filter { $0.id != party.id }.map(\.title))
        #expect(all.map(\.count) == [ChildCount(done: 1, total: 2), ChildCount(), ChildCount(), ChildCount(), ChildCount()])
        let page = try store.subtasks(of: party, offset: 3, limit: 2)
        #expect(page.map(\.item.title) == ["Child 5", "Child 1"])
        #expect(try store.subtasks(of: party, offset: 5, limit: 2).isEmpty)
    }

    /// Issue 23: a parent's children come in ItemOrder.sections on both backends (To do, then
    /// Done, each as added or moved there), not in the order they became its children, and
    /// SQLite walks item_children in that order instead of sorting.
    @Test(arguments: Backend.allCases)
    func aParentsChildrenComeInTheirOwnOrder(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        let older = try store.add(item("Older"))
        let party = try store.add(item("Party"))
        let a = try store.add(under("A", party))
        _ = try store.add(under("B", party))
        // The oldest becomes a child last: its own place, first.
        var moved = older
        moved.parent = party.uid
        _ = try store.edit(moved, expecting: older, at: Date(timeIntervalSince1970: 1_790_000_100))
        #expect(try store.children(of: party.uid).map(\.title) == ["Older", "A", "B"])
        // Checked and unchecked: A goes to Done's end, then back to To do's end, as in a list.
        _ = try store.setDone(true, listed: [a], at: Date(timeIntervalSince1970: 1_790_000_200))
        #expect(try store.children(of: party.uid).map(\.title) == ["Older", "B", "A"])
        let done = try #require(try store.item(id: a.id))
        _ = try store.setDone(false, listed: [done], at: Date(timeIntervalSince1970: 1_790_000_300))
        let expected = try store.items(.added).filter { $0.parent == party.uid }.map(\.title)
        #expect(try store.children(of: party.uid).map(\.title) == expected)
        #expect(try store.subtasks(of: party, offset: 0, limit: .max).map(\.item.title) == expected)
        #expect(try store.subtasks(of: party, offset: 1, limit: 1).map(\.item.title) == [expected[1]])
        guard let sqlite = store as? SQLiteItemStore else { return }
        for sql in [SQLiteItemRecords.childrenSQL, SQLiteItemRecords.childPageSQL] {
            let text = try QueryPlanTests().plan(sqlite, sql)
            #expect(text.contains("USING INDEX item_children") && !text.contains("TEMP B-TREE"), "\(text)")
        }
    }

    @Test(arguments: Backend.allCases)
    func aCycleAndADeepChainAreWalkedOnce(_ backend: Backend) throws {
        let dir = TemporaryDirectory()
        let store = try backend.open(dir)
        var a = item("A")
        var b = item("B")
        a.parent = b.uid
        b.parent = a.uid
        var selfish = item("Self")
        selfish.parent = selfish.uid
        let added = try [a, b, selfish].map { try store.add($0) }
        #expect(try store.descendants(of: added[0]).map(\.title) == ["B"])
        #expect(try store.descendants(of: added[2]).isEmpty)
        // A chain 10,000 deep (the shell's tests go to 100,000 on one backend): a queue, no stack.
        var chain: [TodoItem] = []
        var parent: String?
        for n in 0..<10_000 {
            var link = item("Link \(n)", day: n % 300)
            link.parent = parent
            parent = link.uid
            chain.append(link)
        }
        let root = try #require(chain.first)
        #expect(try store.importItems(chain).added.count == chain.count)
        #expect(try store.descendants(of: root).count == 9_999)
    }

    @Test func theJSONExportCarriesTheParentAndTheAppsPlistLeavesItOut() throws {
        let dir = TemporaryDirectory()
        let clock = Clock.fixed(day)
        let parent = item("Party")
        let items = [parent, under("Cake", parent)]
        let path = dir.file("out.json")
        #expect(try ItemExporter.write(items, to: path, clock: clock) == .json)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let rows = try #require(json?["items"] as? [[String: Any]])
        #expect(rows.first?["parent"] == nil && rows.last?["parent"] as? String == parent.uid)
        let back = try ItemImporter.read(path: path, clock: clock, newID: UUID.init)
        #expect(back.items.map(\.parent) == [nil, parent.uid])
        let left = ItemExporter.fieldsLeftOut(items, in: .weekAppPlist)
        #expect(left.contains { $0.field == "parent" && $0.items == 1 })
    }
}
