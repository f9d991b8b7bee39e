import ErrandDomain
import ErrandShell
import Foundation
import Testing

/// What `use NAME` narrows beyond the lists themselves: `saved` counts what `run` would list
/// (the list in use), `clear` removes that list's items only, and `import --list` puts every
/// item of the file in the list named, the ones already up to date included. On both backends.
@Suite struct ListInUseSessionTests {
    @Test(arguments: ["sqlite", "plist"])
    func savedCountsWhatRunListsUnderUse(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Report --list Work")
        t.given("create Bread")
        t.given("create Milk")
        t.given("find is:open")
        t.given("save open")
        t.send("saved", ["Saved searches", "open  todos  3 items  is:open"])
        t.given("use Work")
        t.send("saved", ["Saved searches", "open  todos  1 item  is:open"])
        t.given("run open")
        #expect(t.interpreter.session.listing.count == 1)
    }

    @Test(arguments: ["sqlite", "plist"])
    func clearUnderUseClearsThatListAndSaysSo(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Report --list Work")
        t.given("create Slides --list Work")
        t.given("create Bread")
        t.given("use Work")
        t.send("clear --yes", ["removed 2 items from the list \"Work\" (undo brings them back)"])
        #expect(try t.store.allItems().map(\.title) == ["Bread"])
        t.given("undo")
        #expect(try t.store.allItems().count == 3)
        t.given("use all")
        t.send("clear --yes", ["removed 3 items (undo brings them back)"])
        #expect(try t.store.allItems().isEmpty)
        t.given("undo")
        t.given("use Work")
        t.send("clear --yes", ["removed 2 items from the list \"Work\" (undo brings them back)"])
        t.send("clear --yes", ["nothing to clear: the list \"Work\" is empty"])
        #expect(try t.store.allItems().map(\.title) == ["Bread"])
    }

    /// Without --list an item up to date keeps its list; with it, it moves there (the main
    /// list's name included), once: a second import finds it up to date.
    @Test(arguments: ["sqlite", "plist"])
    func importWithAListMovesTheItemsAlreadyUpToDate(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Bread")
        t.given("create Report --list Work")
        t.given("export backup.json")
        let upToDate = "imported 0 items from backup.json (Errand JSON): 0 new, 0 updated; 2 already up to date"
        t.given("import backup.json")
        #expect(t.sink.all.first == upToDate)
        #expect(try t.item(1).list == nil && t.item(2).list == "Work")
        t.given("import backup.json --list Home")
        #expect(t.sink.all.first == "imported 2 items from backup.json (Errand JSON): 0 new, 2 updated")
        #expect(try t.item(1).list == "Home" && t.item(2).list == "Home")
        t.given("import backup.json --list Home")
        #expect(t.sink.all.first == upToDate)
        t.given("import backup.json --list local")
        #expect(try t.item(1).list == nil && t.item(2).list == nil)
        t.given("undo")
        #expect(try t.item(1).list == "Home" && t.item(2).list == "Home")
    }
}
