import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Moves between the main list and a list kept here, each followed by a sync killed with
/// SIGKILL at a seeded point of its DELETEs (a move away) or PUTs (a move back): the next
/// sync converges, with every item here once, the server holding exactly the main list, once
/// each, and the other machine the same.
@Suite(.serialized, .tags(.server, .process, .crash), .fullLane) struct ListMoveCrashTests {
    static let trials = 20
    static let items = 200
    static let moved = 40

    /// All members on the server now: those written since the epoch.
    static func members(_ f: SyncFixture) -> Int { f.server.membersWritten(to: "tasks", since: timespec()) }

    /// Waits until `reached` or the child has ended; false if neither came in ten minutes.
    static func wait(_ child: ChildProcess, until reached: () -> Bool) -> Bool {
        Waiting.until(patience: 600) { reached() || !child.process.isRunning ? true : nil } ?? false
    }

    @Test func movesKilledMidSyncConverge() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        var random = SeededGenerator(seed: TestSeed.draw(for: "sigkill-list-move"))
        let path = f.folder + "/a.sqlite"
        _ = try f.a.importItems((0..<Self.items).map { TodoItem(id: UUID(), title: "item \($0)", due: nil, created: f.clock) })
        try f.sync(f.a)
        #expect(Self.members(f) == Self.items)
        for trial in 0..<Self.trials {
            let away = trial % 2 == 0
            let candidates = try f.a.allItems().filter { ($0.list == nil) == away }
            var pool = candidates
            var chosen: [TodoItem] = []
            while chosen.count < Self.moved, !pool.isEmpty {
                chosen.append(pool.remove(at: Int(random.next() % UInt64(pool.count))))
            }
            _ = try f.a.edit(chosen.map { item in
                var edited = item
                edited.list = away ? "Home" : nil
                return (edited, item)
            }, at: f.tick())
            let before = Self.members(f)
            let start = DAVServer.fileClock()
            let point = Int(random.next() % UInt64(Self.moved / 2))
            let child = try ChildProcess(["--store", path, "--remote", f.url, "-c", "sync todos"])
            let reached = Self.wait(child) {
                away ? Self.members(f) <= before - point : f.server.membersWritten(to: "tasks", since: start) >= point
            }
            child.kill9()
            print("sigkill-list-move trial \(trial): \(away ? "away" : "back"), killed at \(point) of \(chosen.count)")
            try #require(reached, "trial \(trial): the server never got to \(point)")
        }
        try f.sync(f.a)
        try f.sync(f.b)
        let local = try f.a.allItems()
        #expect(local.count == Self.items)
        #expect(Set(local.map(\.uid)).count == Self.items)
        let main = Set(local.filter { $0.list == nil }.map(\.uid))
        let uids = try SyncCrashTests.serverUIDs(f)
        #expect(uids.count == main.count, "the server holds \(uids.count), the main list \(main.count)")
        #expect(Set(uids) == main)
        let other = try f.b.allItems()
        #expect(other.count == main.count && Set(other.map(\.uid)) == main)
        let idle = try f.sync(f.a)
        #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0)
    }
}
