import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Moves between two synced lists (the main one and Shopping, each its own collection), each
/// followed by a sync killed with SIGKILL at a seeded point: among the PUTs into the new
/// collection, or among the DELETEs from the old one (so between the two halves of a move).
/// The point is the sync's own progress, read from the server's files as it writes them,
/// never a sleep. The next sync converges: every item here once, each collection holding
/// exactly its list, once each, and the other machine (the other backend) the same.
@Suite(.serialized, .tags(.server, .process, .crash), .fullLane) struct MultiListCrashTests {
    static let trials = 20
    static let items = 120
    static let moved = 30

    static func members(_ f: SyncFixture, _ name: String) -> Int { f.server.membersWritten(to: name, since: timespec()) }

    /// Radicale, where a move is a MOVE (and was a PUT, then a DELETE); Cyrus, where only a
    /// MOVE can move it (a UID lives in one calendar of an account). Cyrus keeps a deleted
    /// member's file until it expunges: there the kill waits for the MOVEs' new members only.
    @Test(arguments: StoreBackend.allCases, [DAVServer.Kind.radicale, .cyrus])
    func movesBetweenSyncedListsKilledMidSyncConverge(backend: StoreBackend, kind: DAVServer.Kind) throws {
        try Self.killTrials(backend, kind)
    }

    /// Xandikos 0.2.8 takes no MOVE: a move there is a PUT into the new collection, then a
    /// DELETE from the old (issue 43: that path's own kill trials). Xandikos keeps its members
    /// in git, no file each, so the kill point is read from the server itself, by REPORT.
    /// Ten trials, not twenty: each reads the server by REPORT while it works, and the suite
    /// has a time budget (issue 41); MOVE's twenty run on the two servers above.
    @Test func putThenDeleteMovesKilledMidSyncConverge() throws {
        try Self.killTrials(.sqlite, .xandikos, trials: 10)
    }

    /// How many members `name` holds now, and how many were written since `start`: from the
    /// server's files, or (Xandikos) from the server's own answer, less what it held before.
    static func progress(_ f: SyncFixture, _ kind: DAVServer.Kind) -> (held: (String) -> Int, written: (String, timespec, Int) -> Int) {
        guard kind == .xandikos else {
            return ({ members(f, $0) }, { name, start, _ in f.server.membersWritten(to: name, since: start) })
        }
        let held = { (name: String) in (try? f.serverTexts(name).count) ?? 0 }
        return (held, { name, _, before in held(name) - before })
    }

    static func killTrials(_ backend: StoreBackend, _ kind: DAVServer.Kind, trials: Int = MultiListCrashTests.trials) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        try f.server.makeTaskCollection("Shopping")
        let (store, other) = backend == .sqlite ? (f.a, f.b) : (f.b, f.a)
        let path = f.folder + (backend == .sqlite ? "/a.sqlite" : "/b.plist")
        for one in [store, other] { try MultiListSyncTests.join(f, one) }
        var random = SeededGenerator(seed: TestSeed.draw(for: "sigkill-multi-list-move"))
        _ = try store.importItems((0..<Self.items).map { TodoItem(id: UUID(), title: "item \($0)", due: nil, created: f.clock) })
        try f.sync(store)
        // Cyrus's files are versions (a member written again is a new file until expunged).
        let (held, written) = Self.progress(f, kind)
        #expect(kind == .cyrus ? held("tasks") >= Self.items : held("tasks") == Self.items)
        for trial in 0..<trials {
            let away = trial % 2 == 0
            let candidates = try store.allItems().filter { ($0.list == nil) == away }
            var pool = candidates
            var chosen: [TodoItem] = []
            while chosen.count < Self.moved, !pool.isEmpty {
                chosen.append(pool.remove(at: Int(random.next() % UInt64(pool.count))))
            }
            _ = try store.edit(chosen.map { item in
                var edited = item
                edited.list = away ? "Shopping" : nil
                return (edited, item)
            }, at: f.tick())
            let (to, from) = away ? ("Shopping", "tasks") : ("tasks", "Shopping")
            let before = held(from), beforeTo = held(to)
            let start = DAVServer.fileClock()
            let inDeletes = random.next() % 2 == 0 && kind != .cyrus
            let point = Int(random.next() % UInt64(Self.moved))
            let child = try ChildProcess(["--store", path, "--remote", f.url, "-c", "sync todos"])
            let reached = ListMoveCrashTests.wait(child) {
                inDeletes ? held(from) <= before - point : written(to, start, beforeTo) >= point
            }
            child.kill9()
            print("sigkill-multi-list-move \(backend) \(kind) trial \(trial): to \(to), killed at \(point) of the "
                + "\(inDeletes ? "DELETEs" : "PUTs") of \(chosen.count)")
            try #require(reached, "trial \(trial): the sync never got to \(point)")
        }
        try f.sync(store)
        try f.sync(other)
        let local = try store.allItems()
        #expect(local.count == Self.items)
        #expect(Set(local.map(\.uid)).count == Self.items)
        let main = Set(local.filter { $0.list == nil }.map(\.uid))
        let shopping = Set(local.filter { $0.list == "Shopping" }.map(\.uid))
        #expect(main.count + shopping.count == Self.items)
        let tasks = try f.serverTexts().count
        #expect(tasks == main.count, "the main collection holds \(tasks), the main list \(main.count)")
        #expect(try MultiListSyncTests.uids(f, "tasks") == main)
        #expect(try f.serverTexts("Shopping").count == shopping.count)
        #expect(try MultiListSyncTests.uids(f, "Shopping") == shopping)
        let there = try other.allItems()
        #expect(there.count == Self.items)
        #expect(Set(there.filter { $0.list == nil }.map(\.uid)) == main)
        #expect(Set(there.filter { $0.list == "Shopping" }.map(\.uid)) == shopping)
        let idle = try f.sync(store)
        #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0, "\(idle)")
    }
}
