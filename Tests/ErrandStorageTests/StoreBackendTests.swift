import ErrandStorage
import Testing

/// The one place a typed path becomes a backend: only the name's ending counts.
@Suite struct StoreBackendTests {
    @Test func aPlistEndingNamesThePropertyListBackendAndAnythingElseSQLite() {
        #expect(StoreBackend(forPath: "/tmp/todo.plist") == .plist)
        #expect(StoreBackend(forPath: "Todo.PList") == .plist)
        #expect(StoreBackend(forPath: "/tmp/todo.sqlite") == .sqlite)
        #expect(StoreBackend(forPath: "/tmp/todo") == .sqlite)
        #expect(StoreBackend(forPath: "/tmp/todo.plist.bak") == .sqlite)
        #expect(StoreBackend(forPath: "/tmp/plist/todo.db") == .sqlite)
    }
}
