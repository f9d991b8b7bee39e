import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// The remote syncs the store's main list only (ItemField.list): an item made in a list kept
/// here never reaches the server, one moved there leaves it (a DELETE, the item stays here),
/// one moved back is sent again, and the other machine sees just that, on each real server
/// and both backends.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct LocalListSyncTests {
    @Test(arguments: DAVServer.Kind.battery)
    func onlyTheMainListReachesTheServer(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        for store in [f.a, f.b] {
            let shared = try f.add(store, "Shared \(store === f.a ? "A" : "B")")
            var home = TodoItem(id: UUID(), title: "Private \(store === f.a ? "A" : "B")", due: shared.due, created: f.tick())
            home.list = "Home"
            _ = try store.add(home)
        }
        let first = try f.sync(f.a)
        #expect(first.sent == 1)
        try f.sync(f.b)
        try f.sync(f.a)
        #expect(try f.serverSummaries() == ["Shared A", "Shared B"])
        #expect(try f.titles(f.a) == ["Private A", "Shared A", "Shared B"])
        #expect(try f.titles(f.b) == ["Private B", "Shared A", "Shared B"])
        // A moves a synced item to its Home list: gone from the server and from B, kept on A.
        let shared = try #require(try f.item(f.a, "Shared A"))
        var moved = shared
        moved.list = "Home"
        _ = try f.a.edit([(edited: moved, listed: shared)], at: f.tick())
        let away = try f.sync(f.a)
        #expect(away.sent == 1)
        #expect(try f.serverSummaries() == ["Shared B"])
        #expect(try f.item(f.a, "Shared A")?.list == "Home")
        try f.sync(f.b)
        #expect(try f.titles(f.b) == ["Private B", "Shared B"])
        // Nothing left to send: the moved item is not sent again, nor deleted twice.
        let idle = try f.sync(f.a)
        #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0)
        // Back to the main list: sent again, and B has it once.
        let home = try #require(try f.item(f.a, "Shared A"))
        var back = home
        back.list = nil
        _ = try f.a.edit([(edited: back, listed: home)], at: f.tick())
        #expect(try f.sync(f.a).sent == 1)
        try f.sync(f.b)
        #expect(try f.serverSummaries() == ["Shared A", "Shared B"])
        #expect(try f.titles(f.b) == ["Private B", "Shared A", "Shared B"])
        #expect(try f.item(f.b, "Shared A")?.list == nil)
    }

    /// A list made here before the store had a remote, called as the server's list that then
    /// becomes the main one (its display name, in another case): `lists` and `use` counted its
    /// items as the main list's, and sync todos never sent them. They are the main list's now
    /// on both counts: the next sync sends them with the rest, once, on both backends.
    @Test(arguments: [StoreBackend.sqlite, .plist])
    func aListNamedLikeTheMainListIsSentWithIt(backend: StoreBackend) throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        try f.server.makeTaskCollection("c0ffee", display: "Groceries")
        let netrc = f.folder + "/netrc"
        try "machine 127.0.0.1 login \(f.server.user) password \(f.server.password)\n".write(toFile: netrc, atomically: true,
                                                                                                 encoding: .utf8)
        let env = ["NETRC": netrc, "HOME": f.folder]
        let store = f.folder + (backend == .sqlite ? "/s.sqlite" : "/s.plist")
        let root = "http://\(f.server.user)@127.0.0.1:\(f.server.port)/"
        let (made, _, madeErr) = try ChildProcess.run(["--store", store, "-c", "create Milk --list groceries", "-c", "create Bread",
                                                       "-c", "create Diary --list Home"], environment: env)
        #expect(made == 0, "\(madeErr)")
        let (status, out, err) = try ChildProcess.run(["--store", store, "-c", "remote \(root) --list Groceries", "-c", "sync todos",
                                                       "-c", "lists"], environment: env)
        #expect(status == 0, "\(out) \(err)")
        #expect(out.contains("synced with Groceries@127.0.0.1: 0 received, 2 sent"), "\(out)")
        #expect(try f.serverSummaries("c0ffee") == ["Bread", "Milk"])
        // One main list with its two items, and Home, kept here.
        let rows = out.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
            .filter { $0.contains(" open ") }
        #expect(rows.count == 2, "\(out)")
        #expect(rows.first?.hasPrefix("Groceries 2 open syncs with ") == true, "\(out)")
        #expect(rows.last == "Home 1 open kept here", "\(out)")
        let (again, idle, _) = try ChildProcess.run(["--store", store, "-c", "sync todos"], environment: env)
        #expect(again == 0 && idle.contains("0 received, 0 sent"), "\(idle)")
        #expect(try f.serverSummaries("c0ffee") == ["Bread", "Milk"])
    }
}
