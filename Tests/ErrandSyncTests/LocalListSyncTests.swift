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
@Suite(.serialized) struct LocalListSyncTests {
    @Test(arguments: DAVServer.Kind.allCases)
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
}
