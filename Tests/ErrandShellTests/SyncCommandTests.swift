import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// `sync` through the shell: its writes count as saved even when the screen after them fails.
@Suite(.tags(.server, .process), .fullLane) struct SyncCommandTests {
    static let hasRadicale = FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale")

    /// What sync is asked to do is decided when the line is read: a wrong pairing changes nothing.
    @Test func syncRefusesWordsThatDoNotGoWithWhatItSyncs() throws {
        let t = try ShellTester()
        t.send("sync todos https://dav.example/tasks/",
               ["error: sync todos takes no URL: set the remote with remote URL"], succeeds: false)
        t.send("sync todos --images", ["error: sync todos: --images is for ads"], succeeds: false)
        t.send("sync folder other", ["error: sync: say todos, or ads [URL]"], succeeds: false)
        #expect(try t.store.syncRemote() == nil)
        #expect(try t.store.catalogueSummary() == nil)
    }

    @Test(.enabled(if: hasRadicale, "needs radicale (scripts/deps --test)"), arguments: ["sqlite", "plist"])
    func aReadFailingAfterSyncTodosSaysTheSyncWasSaved(_ backend: String) throws {
        let server = try DAVServer(.radicale)
        defer { server.remove() }
        try server.makeTaskCollection("tasks")
        var injector: (Bool) -> Void = { _ in }
        func wrap<Base: ItemStore & CatalogueStore & PlaceStore & SavedSearchStore>(_ base: Base) -> ErrandStore {
            let store = FaultyStore(base)
            injector = { store.failReads = $0 }
            return store
        }
        let t = try ShellTester(backend: backend) { wrap($0) }
        t.interpreter.environment.remoteURL = server.collectionURL("tasks")
        t.given("create a")
        t.given("day today")
        #expect(try t.store.syncRemote() == nil)
        injector(true)
        // The sync lands (the remote is remembered, its item uploaded); the list read after it fails.
        t.send("sync todos", ["error: the disk could not be read (injected) (the sync itself was saved)"], succeeds: false)
        injector(false)
        let remote = try #require(try t.store.syncRemote())
        #expect(remote.lastSync != nil)
        #expect(try t.store.readRecords { try $0.syncedEntries() }.count == 1)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aReadFailingAfterSyncAdsSaysTheCatalogueWasSaved(_ backend: String) throws {
        var injector: (Bool) -> Void = { _ in }
        func wrap<Base: ItemStore & CatalogueStore & PlaceStore & SavedSearchStore>(_ base: Base) -> ErrandStore {
            let store = FaultyStore(base)
            injector = { store.failReads = $0 }
            return store
        }
        let t = try ShellTester(backend: backend) { wrap($0) }
        t.given("sync ads \(AdsSessionTests.sample)")
        t.given("ads")
        // The same catalogue from another folder: the source the store keeps says which sync landed.
        let copy = t.directory + "/copy"
        try FileManager.default.copyItem(atPath: AdsSessionTests.sample, toPath: copy)
        injector(true)
        t.send("sync ads \(copy)", ["error: the disk could not be read (injected) (the catalogue itself was saved)"],
               succeeds: false)
        injector(false)
        #expect(try t.store.catalogueSummary()?.source == "file://" + copy + "/")
    }
}
