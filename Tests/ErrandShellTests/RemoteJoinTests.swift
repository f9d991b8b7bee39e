import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// `remote --join` with several names, against a real Radicale, and Tab offering a list as
/// soon as it joins, on both backends.
@Suite(.tags(.server, .process), .fullLane) struct RemoteJoinTests {
    static let hasRadicale = FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale")

    func complete(_ t: ShellTester, _ line: String) -> [String] {
        Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
            .complete(line).candidates.map(\.insert)
    }

    /// A Radicale with four task lists, the store's main list set to one of them ("Shopping").
    static func server(_ t: ShellTester) throws -> (DAVServer, String) {
        let server = try DAVServer(.radicale)
        for name in ["Shopping", "Work", "Home"] { try server.makeTaskCollection(name) }
        try server.makeTaskCollection("shared", display: "Shared groceries")
        let root = "http://\(server.user):\(server.password)@127.0.0.1:\(server.port)/"
        t.given("remote \(root) --list Shopping")
        return (server, root)
    }

    @Test(.enabled(if: hasRadicale, "needs radicale (scripts/deps --test)"), arguments: ["sqlite", "plist"])
    func severalNamesJoinInOneCallOrNoneDoes(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let (server, root) = try Self.server(t)
        defer { server.remove() }

        // One name unknown: one line naming it, and nothing joined, not even the names known.
        t.sink.reset()
        #expect(!t.runner.runOne("remote \(root) --join Work Wrok Home"))
        #expect(t.sink.all.count == 1, "\(t.sink.all)")
        let refusal = try #require(t.sink.all.first)
        #expect(refusal.hasPrefix("error: no task list called \"Wrok\" on 127.0.0.1"), "\(refusal)")
        #expect(refusal.hasSuffix("nothing was joined"), "\(refusal)")
        #expect(!refusal.contains(server.password))
        #expect(try t.store.syncLists().isEmpty)

        // Two unknown: one line naming each, still nothing joined.
        t.sink.reset()
        #expect(!t.runner.runOne("remote \(root) --join Wrok Work Hme"))
        #expect(t.sink.all.count == 1 && t.sink.all[0].contains("\"Wrok\", \"Hme\""), "\(t.sink.all)")
        #expect(try t.store.syncLists().isEmpty)

        // All known (a name of two words among them, typed in quotes): each joins, a line each.
        // Kept with the user, without the password.
        let url = { (name: String) in "http://\(server.user)@127.0.0.1:\(server.port)\(server.collectionPath(name))" }
        t.send("remote \(root) --join Work \"Shared groceries\" home",
               ["the task list \"Work\" joins as the list Work (\(url("Work")))",
                "the task list \"Shared groceries\" joins as the list Shared groceries (\(url("shared")))",
                "the task list \"Home\" joins as the list Home (\(url("Home")))",
                "sync todos exchanges with them beside the main list"])
        #expect(try t.store.syncLists().map(\.name).sorted() == ["Home", "Shared groceries", "Work"])

        // Joined already, and the main list: said, nothing changes.
        t.send("remote \(root) --join Work", ["\"Work\" syncs already, as the list Work"])
        t.send("remote \(root) --join Shopping Home", ["error: \"Shopping\" is the main list already; nothing was joined"],
               succeeds: false)
        #expect(try t.store.syncLists().count == 3)
        // A name of two words alone, unquoted, is still the one list.
        t.given("remote --leave Shared groceries")
        t.send("remote \(root) --join Shared groceries",
               ["the task list \"Shared groceries\" joins as the list Shared groceries (\(url("shared"))); "
                + "sync todos exchanges with it beside the main list"])
    }

    /// Tab offers a list the moment it joins, before it holds an item, and forgets it when it
    /// leaves (nothing of it left here).
    @Test(arguments: ["sqlite", "plist"])
    func tabOffersAJoinedListBeforeItHoldsItems(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        try t.store.setSyncRemote(url: "https://dav.example/u/tasks/")
        #expect(complete(t, "use ") == ["tasks", "all"])
        try t.store.putSyncList(SyncList(name: "Work", remote: SyncRemote(url: "https://dav.example/u/work/")))
        #expect(complete(t, "use ") == ["tasks", "Work", "all"])
        #expect(complete(t, "use w") == ["Work"])
        #expect(complete(t, "create x --list W") == ["Work"])
        t.given("create Bread")
        t.given("list")
        #expect(complete(t, "move 1 --list ") == ["tasks", "Work"])
        #expect(complete(t, "export out.ics --list W") == ["Work"])
        t.given("remote --leave Work")
        #expect(complete(t, "use ") == ["tasks", "all"])
    }
}
