import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Subtasks through the shell, on both backends: indented under their parent, a parent's
/// hidden children counted, a parent's check and swipe taking its subtree in one step, and
/// what a server or a file may send (a missing parent, a cycle, a chain 100,000 deep) listed
/// at the top level with one warning, nothing lost.
@Suite struct SubtaskSessionTests {
    func party(_ t: ShellTester) {
        t.given("create Party")
        t.given("list")
        t.given("create Balloons --under 1")
        t.given("create Cake --under 1")
        t.given("list")
        t.given("create Candles --under 3")
    }

    @Test(arguments: ["sqlite", "plist"])
    func subtasksAreIndentedAndAParentCountsThoseNotShown(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        party(t)
        #expect(try t.item(4).parent == t.item(3).uid && t.item(2).parent == t.item(1).uid)
        #expect(t.said("list") == [
            "All items", "To do",
            "  1  Sun Nov 29    Party",
            "  2  Sun Nov 29      Balloons",
            "  3  Sun Nov 29      Cake",
            "  4  Sun Nov 29        Candles",
        ])
        // Balloons done: listed under Done, so Party counts its children (done of all).
        t.given("check 2")
        #expect(t.said("list").prefix(5) == ["All items", "To do", "  1  Sun Nov 29    Party 1/2",
                                              "  2  Sun Nov 29      Cake", "  3  Sun Nov 29        Candles"])
        // Checking the last open subtask leaves the parent open.
        t.given("check 3")
        t.given("check 2")
        #expect(try !t.item(1).isDone && t.item(3).isDone && t.item(4).isDone)
    }

    @Test(arguments: ["sqlite", "plist"])
    func checkingAParentChecksItsOpenSubtasksInOneUndo(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        party(t)
        t.given("list")
        #expect(t.said("check 1").first == "checked \"Party\" and 3 subtasks under it: moved to Done")
        #expect(try (1...4).allSatisfy { try t.item($0).isDone })
        #expect(t.said("undo").first == "undid the check of 4 items")
        #expect(try (1...4).allSatisfy { try !t.item($0).isDone })
    }

    @Test(arguments: ["sqlite", "plist"])
    func swipingAParentAsksAndDeletesItsSubtreeInOneUndo(_ backend: String) throws {
        let answers = ScriptedPrompter(["n", "y"])
        let t = try ShellTester(backend: backend, prompter: answers)
        party(t)
        t.given("create Other")
        t.given("list")
        #expect(t.said("swipe 3") == ["kept everything"])
        #expect(answers.questions == ["Delete \"Cake\" and 1 subtask under it? [y/N] "])
        #expect(t.said("swipe 1").first == "deleted \"Party\" (Sun Nov 29) and 3 subtasks under it")
        #expect(try t.store.allItems().map(\.title) == ["Other"])
        t.given("undo")
        #expect(try t.store.count(.all) == 5)
        // A leaf is swiped without a question.
        t.given("list")
        #expect(t.said("swipe 2").first == "deleted \"Balloons\" (Sun Nov 29)")
    }

    @Test func aScriptMustSayYesToSwipeAParent() throws {
        let t = try ShellTester()
        party(t)
        t.given("list")
        #expect(t.said("swipe 1") == ["error: swipe: deletes \"Party\" and 3 subtasks under it; in a script say swipe N --yes"])
        #expect(try t.store.count(.all) == 4)
        t.given("swipe 1 --yes")
        #expect(try t.store.count(.all) == 0)
    }

    @Test(arguments: ["sqlite", "plist"])
    func openingAParentListsItsSubtasksForOpenAndCheck(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        party(t)
        t.given("list")
        #expect(t.said("open 1") == [
            "Party", "  Due       Sun Nov 29 2026", "  State     to do",
            "Subtasks", "To do",
            "  1  Sun Nov 29    Balloons",
            "  2  Sun Nov 29    Cake 0/1",
        ])
        #expect(t.said("open 2").prefix(4) == ["Cake", "  Due       Sun Nov 29 2026", "  Under     Party", "  State     to do"])
        t.given("back")
        t.given("check 1")
        #expect(try t.item(2).isDone && !t.item(1).isDone)
    }

    /// Issue 23: a parent's subtasks are paged as any list is, `more` showing the next page of
    /// them alone, numbered on; each row's own subtasks counted in the same read.
    @Test(arguments: ["sqlite", "plist"])
    func aParentsSubtasksArePagedLikeAnyList(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Party")
        t.given("list")
        for n in 1...7 { t.given("create Step \(n) --under 1") }
        t.given("list")
        t.given("create Substep --under 2")
        t.given("set pagesize 3")
        t.given("list")
        #expect(t.said("open 1") == [
            "Party", "  Due       Sun Nov 29 2026", "  State     to do",
            "Subtasks", "To do",
            "  1  Sun Nov 29    Step 1 0/1",
            "  2  Sun Nov 29    Step 2",
            "  3  Sun Nov 29    Step 3",
            "  3 of 7 shown: more for the next page",
        ])
        #expect(t.said("more") == [
            "Subtasks of \"Party\"", "To do",
            "  4  Sun Nov 29    Step 4",
            "  5  Sun Nov 29    Step 5",
            "  6  Sun Nov 29    Step 6",
            "  6 of 7 shown: more for the next page",
        ])
        #expect(t.said("more").suffix(1) == ["  7  Sun Nov 29    Step 7"])
        #expect(t.said("more") == ["error: more: that was the last page (7 subtasks)"])
        // The rows keep their numbers across pages: 5 is Step 5, and the page stays in view.
        #expect(t.said("check 5").first == "checked \"Step 5\": moved to Done")
        #expect(try t.store.allItems().first { $0.title == "Step 5" }?.isDone == true)
        // A leaf's detail has no pages.
        t.given("open 2")
        #expect(t.said("more") == ["error: more: that was the last page (0 subtasks)"])
    }

    /// Issue 23: moving a parent to another list takes its subtree, in one step and one undo;
    /// a subtask moved alone leaves its parent behind and is at the top level there.
    @Test(arguments: ["sqlite", "plist"])
    func movingAParentTakesItsSubtreeInOneUndo(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        party(t)
        t.given("create Other")
        t.given("list")
        #expect(t.said("move 1 --list Home").first == "moved \"Party\" and 3 subtasks under it to \"Home\" (a new list)")
        #expect(try (1...4).allSatisfy { try t.item($0).list == "Home" } && t.item(5).list == nil)
        #expect(try t.item(4).parent == t.item(3).uid)
        #expect(t.said("undo").first == "undid the move of 4 items")
        #expect(try (1...4).allSatisfy { try t.item($0).list == nil })
        // Cake alone (with Candles under it): it leaves Party, Candles stays under Cake.
        t.given("list")
        #expect(t.said("move 3 --list Home").first
            == "moved \"Cake\" and 1 subtask under it to \"Home\" (a new list) (no longer a subtask: its parent stays)")
        #expect(try t.item(3).list == "Home" && t.item(3).parent == nil)
        #expect(try t.item(4).list == "Home" && t.item(4).parent == t.item(3).uid)
        #expect(try t.item(1).list == nil && t.item(2).list == nil)
        t.given("undo")
        #expect(try t.item(3).list == nil && t.item(3).parent == t.item(1).uid)
    }

    @Test func aParentCannotGoUnderItsOwnSubtask() throws {
        let t = try ShellTester()
        party(t)
        t.given("list")
        #expect(t.said("edit 1 --under 4") == ["error: edit: \"Party\" cannot be under \"Candles\", one of its own subtasks"])
        #expect(t.said("edit 1 --under 1") == ["error: edit: \"Party\" cannot be under itself"])
        #expect(t.said("edit 4 --under 1 --top-level") == ["error: edit: --under and --top-level cannot go together"])
        t.given("edit 4 --under 1")
        #expect(try t.item(4).parent == t.item(1).uid)
        t.given("list")
        t.given("edit 4 --top-level")
        #expect(try t.item(4).parent == nil)
    }

    /// As a server or a file may send them: neither is lost, each listed once at the top level.
    @Test(arguments: ["sqlite", "plist"])
    func aMissingParentAndACycleAreListedAtTheTopLevelWithOneWarning(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let day = ShellTester.today
        var orphan = TodoItem(id: UUID(), title: "Orphan", due: day, created: Date(timeIntervalSince1970: 1_790_000_000))
        orphan.parent = "gone-elsewhere"
        var a = TodoItem(id: UUID(), title: "A", due: day, created: Date(timeIntervalSince1970: 1_790_000_000))
        var b = TodoItem(id: UUID(), title: "B", due: day, created: Date(timeIntervalSince1970: 1_790_000_000))
        a.parent = b.uid
        b.parent = a.uid
        var selfish = TodoItem(id: UUID(), title: "Self", due: day, created: Date(timeIntervalSince1970: 1_790_000_000))
        selfish.parent = selfish.uid
        _ = try t.store.importItems([orphan, a, b, selfish])
        let shown = t.said("list")
        // The roots first (a parent of its own is one), then what hangs from the cycle.
        #expect(shown == [
            "listed at the top level: 1 subtask whose parent is missing and 2 subtasks whose parents form a cycle",
            "All items", "To do",
            "  1  Sun Nov 29    Orphan",
            "  2  Sun Nov 29    Self",
            "  3  Sun Nov 29    A",
            "  4  Sun Nov 29      B",
        ])
        // Checked, a member of the cycle takes the other with it, and the walk ends.
        t.given("check 3")
        #expect(try t.store.allItems().filter(\.isDone).map(\.title).sorted() == ["A", "B"])
        #expect(try t.store.count(.all) == 4)
    }

    /// A chain as deep as a hostile file could make it: checked and swiped whole through the
    /// shell (10,000 on SQLite; ListTreeTests lists one 100,000 deep).
    @Test func aDeepChainIsListedCheckedAndSwipedWhole() throws {
        let t = try ShellTester()
        var chain: [TodoItem] = []
        var parent: String?
        for n in 0..<10_000 {
            var link = TodoItem(id: UUID(), title: "Link \(n)", due: ShellTester.today, created: Date(timeIntervalSince1970: 1_790_000_000))
            link.parent = parent
            parent = link.uid
            chain.append(link)
        }
        _ = try t.store.importItems(chain)
        t.given("list")
        #expect(t.said("check 1").first == "checked \"Link 0\" and 9999 subtasks under it: moved to Done")
        #expect(try t.store.count(.open) == 0)
        t.given("list")
        t.given("swipe 1 --yes")
        #expect(try t.store.count(.all) == 0)
    }

    /// A subtask goes where its parent is (another list than the main one), unless --list says.
    @Test(arguments: ["sqlite", "plist"])
    func aSubtaskJoinsItsParentsList(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Slides --list Work")
        t.given("list")
        t.given("create Charts --under 1")
        t.given("create Snacks --under 1 --list Home")
        let items = try t.store.allItems()
        #expect(items.first { $0.title == "Charts" }?.list == "Work")
        #expect(items.first { $0.title == "Snacks" }?.list == "Home")
    }
}
