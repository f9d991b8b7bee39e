import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 45: conflicts you can review. Two shells on two stores sync with one Radicale
/// collection; three items are changed on both sides; the second store's sync keeps each
/// conflict with both versions, `conflicts` lists them, `conflicts N` shows the two sides, and
/// keep here, keep there and keep both each reach the server and the first store.
@Suite(.tags(.server, .process), .fullLane,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale"), "needs radicale (scripts/deps --test)"))
struct ConflictSessionTests {
    func titles(_ t: ShellTester) throws -> [String] { try t.store.allItems().map(\.title).sorted() }

    /// A Radicale collection, and two shells syncing with it: A on SQLite, B on `backend`.
    static func twoShells(_ backend: String) throws -> (DAVServer, ShellTester, ShellTester) {
        let server = try DAVServer(.radicale)
        try server.makeTaskCollection("tasks")
        let a = try ShellTester(backend: "sqlite")
        let b = try ShellTester(backend: backend)
        // B makes no item of its own here but the copy `keep both` adds: an id A never used.
        b.interpreter.environment.newID = { UUID() }
        for t in [a, b] { t.interpreter.environment.remoteURL = server.collectionURL("tasks") }
        return (server, a, b)
    }

    @Test(arguments: ["sqlite", "plist"])
    func eachConflictIsKeptListedShownAndDecidedOnBothStores(_ backend: String) throws {
        let (server, a, b) = try Self.twoShells(backend)
        defer { server.remove() }
        for title in ["Milk", "Bread", "Eggs"] { a.given("create \(title) --date dec 5") }
        a.given("sync todos")
        b.given("sync todos")
        #expect(try titles(b) == ["Bread", "Eggs", "Milk"])
        // Both sides change each title; A's reach the server first.
        a.given("list")
        a.given("edit 1 --title Milk (oat)")
        a.given("edit 2 --title Bread (rye)")
        a.given("edit 3 --title Eggs (six)")
        a.given("sync todos")
        b.given("list")
        b.given("edit 1 --title Milk (soy)")
        b.given("edit 2 --title Bread (spelt)")
        b.given("edit 3 --title Eggs (dozen)")
        let line = b.said("sync todos").joined()
        #expect(line.contains("3 conflicts") && line.contains("title kept from the server")
                && line.contains("conflicts shows both sides"), "\(line)")
        // The server's titles won (a tie of LAST-MODIFIED goes to the server); each row marked until shown.
        #expect(b.said("list").contains { $0.hasSuffix("Milk (oat) (conflict)") })
        let listed = b.said("conflicts")
        #expect(listed.first == "Conflicts (3, 3 to decide)" && listed.count == 4, "\(listed)")
        #expect(listed.dropFirst().allSatisfy { $0.hasSuffix("title: kept from the server  new") }, "\(listed)")
        #expect(!b.said("list").contains { $0.contains("(conflict)") }, "shown, the rows lose their mark")
        b.given("conflicts")
        let rows = b.said("conflicts")
        let row = { (title: String) in (rows.firstIndex { $0.contains(title) } ?? 0) }
        let milk = row("Milk (oat)"), bread = row("Bread (rye)"), eggs = row("Eggs (six)")
        let shown = b.said("conflicts \(milk)")
        #expect(shown.contains("≠ Title       Milk (soy)" + String(repeating: " ", count: 24) + "Milk (oat)"), "\(shown)")
        #expect(shown.contains { $0.hasPrefix("  Due") && $0.contains("Sat Dec 5 2026") && !$0.hasPrefix("≠") }, "\(shown)")
        // keep here, with the conflict shown; there and both by their rows.
        #expect(b.said("keep here").first == "\"Milk (oat)\" takes this store's version (title)")
        b.given("conflicts")
        #expect(b.said("keep there \(bread)").first == "\"Bread (rye)\" already holds the server's version (title)")
        b.given("conflicts")
        #expect(b.said("keep both \(eggs)").first
                == "\"Eggs (six)\" takes this store's version (title); added \"Eggs (six) (from the server)\"")
        #expect(try titles(b) == ["Bread (rye)", "Eggs (dozen)", "Eggs (six) (from the server)", "Milk (soy)"])
        #expect(b.said("conflicts").dropFirst().allSatisfy { $0.contains("decided: ") })
        // Undo takes the last decision back: the copy goes, the title comes back.
        b.given("undo")
        #expect(try titles(b) == ["Bread (rye)", "Eggs (six)", "Milk (soy)"])
        b.given("redo")
        b.given("sync todos")
        a.given("sync todos")
        #expect(try titles(a) == ["Bread (rye)", "Eggs (dozen)", "Eggs (six) (from the server)", "Milk (soy)"])
        // A learnt of no conflict: it changed nothing since.
        #expect(a.said("conflicts") == ["no conflicts kept: a sync that merges changes made on both sides keeps each here"])
        b.given("set output json")
        let json = b.said("conflicts 1").joined()
        #expect(json.contains("\"screen\":\"conflict\"") && json.contains("\"kind\":\"edited\"") && json.contains("\"here\":{"))
    }

    @Test(arguments: ["sqlite", "plist"])
    func aDeleteAgainstAChangeIsSaidAndTheDeleteCanStillBeChosen(_ backend: String) throws {
        let (server, a, b) = try Self.twoShells(backend)
        defer { server.remove() }
        a.given("create Call the bank --date dec 5")
        a.given("sync todos")
        b.given("sync todos")
        // A deletes it, B changes it: B's change wins and is sent again.
        a.given("list")
        a.given("swipe 1")
        a.given("sync todos")
        b.given("list")
        b.given("edit 1 --notes ask for the form")
        let line = b.said("sync todos").joined()
        #expect(line.contains("\"Call the bank\" deleted on the server, changed here: kept here"), "\(line)")
        a.given("sync todos")
        #expect(try titles(a) == ["Call the bank"])
        // The delete, chosen after all, goes everywhere.
        b.given("conflicts")
        let shown = b.said("conflicts 1")
        #expect(shown.contains { $0.hasPrefix("≠ Notes       ask for the form") && $0.hasSuffix("(deleted)") }, "\(shown)")
        #expect(b.said("keep there 1").first == "deleted \"Call the bank\", as the server had it")
        b.given("sync todos")
        a.given("sync todos")
        #expect(try titles(a).isEmpty && titles(b).isEmpty)
        // The other way round: deleted here, changed there: the change comes back; keep here deletes it.
        a.given("create Water plants --date dec 6")
        a.given("sync todos")
        b.given("sync todos")
        b.given("list")
        b.given("swipe 1")
        a.given("list")
        a.given("edit 1 --notes twice")
        a.given("sync todos")
        #expect(b.said("sync todos").joined().contains("\"Water plants\" deleted here, changed on the server: kept from the server"))
        #expect(try titles(b) == ["Water plants"])
        b.given("conflicts")
        #expect(b.said("keep here 1").first == "deleted \"Water plants\", as here had it")
        b.given("sync todos")
        a.given("sync todos")
        #expect(try titles(a).isEmpty)
    }
}
