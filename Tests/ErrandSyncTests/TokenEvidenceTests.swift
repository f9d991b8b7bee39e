import ErrandDomain
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// A server that loses state behind the sync token's back (issue 28 item 2): a collection
/// deleted and made again at the same URL, a server restored from a backup. The next sync
/// must put back what the server lost, keep what it still has, and never report a member it
/// does not hold as "kept changing". Each case runs with either backend as the device that
/// wrote, the other joining afterwards.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct TokenEvidenceTests {
    /// Tokens are the subject: sabre/dav 1.8 has none (getctag only), and there a server
    /// restored to an older state is not told from one where another client deleted.
    static let cases: [(DAVServer.Kind, Bool)] = DAVServer.Kind.withSyncTokens.flatMap { [($0, true), ($0, false)] }

    /// The device that syncs first, and the one that joins later.
    static func devices(_ f: SyncFixture, sqliteFirst: Bool) -> (ErrandStore, ErrandStore) {
        sqliteFirst ? (f.a, f.b) : (f.b, f.a)
    }

    static func serverUIDs(_ f: SyncFixture) throws -> [String] {
        try f.serverTexts().values.compactMap { text in
            text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        }.sorted()
    }

    @Test(arguments: cases)
    func aCollectionMadeAgainAtTheSameURLGetsEverythingBack(kind: DAVServer.Kind, sqliteFirst: Bool) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let (first, second) = Self.devices(f, sqliteFirst: sqliteFirst)
        for day in 1...5 { try f.add(first, "item \(day)", day: day) }
        #expect(try f.sync(first).sent == 5)
        try f.server.deleteCollection("tasks")
        try f.server.makeTaskCollection("tasks")

        let again = try f.sync(first)
        #expect(again.sent == 5 && again.received == 0 && again.deletedHere == 0, "\(again)")
        #expect(try f.serverSummaries() == (1...5).map { "item \($0)" })

        let item = try #require(try f.item(first, "item 1"))
        var edited = item
        edited.title = "item 1 edited"
        _ = try first.edit(edited, expecting: item, at: f.tick())
        try f.add(first, "item 6", day: 6)
        let afterEdit = try f.sync(first)
        #expect(afterEdit.sent == 2 && afterEdit.conflicts.isEmpty, "\(afterEdit)")
        let expected = ["item 1 edited"] + (2...6).map { "item \($0)" }
        #expect(try f.serverSummaries() == expected)

        let joined = try f.sync(second)
        #expect(joined.received == 6)
        #expect(try f.titles(second) == expected)
        #expect(try f.titles(first) == expected)
        let idle = try f.sync(first)
        #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0, "\(idle)")
    }

    /// sabre/dav 1.8 has no sync tokens: a collection deleted and made again was read as five
    /// deletions by another client, and the five items were deleted here. Every member gone at
    /// once is put back instead; one gone is still a deletion.
    @Test(arguments: [true, false])
    func aTokenlessCollectionMadeAgainGetsEverythingBack(sqliteFirst: Bool) throws {
        let f = try SyncFixture(.sabre)
        defer { f.remove() }
        let (first, second) = Self.devices(f, sqliteFirst: sqliteFirst)
        for day in 1...5 { try f.add(first, "item \(day)", day: day) }
        #expect(try f.sync(first).sent == 5)
        try f.server.deleteCollection("tasks")
        try f.server.makeTaskCollection("tasks")

        let again = try f.sync(first)
        #expect(again.sent == 5 && again.deletedHere == 0, "\(again)")
        #expect(try f.serverSummaries() == (1...5).map { "item \($0)" })
        #expect(try f.titles(first) == (1...5).map { "item \($0)" })
        #expect(try f.sync(second).received == 5)

        // Another client deleting one member is still a deletion here.
        let href = try #require(try f.serverTexts().first { $0.value.contains("SUMMARY:item 3") }?.key)
        let gone = try f.phone.send("DELETE", href, body: Data(), headers: [:])
        #expect((200...299).contains(gone.status))
        let deleted = try f.sync(first)
        #expect(deleted.deletedHere == 1 && deleted.sent == 0, "\(deleted)")
        #expect(try f.titles(first) == ["item 1", "item 2", "item 4", "item 5"])
    }

    /// A store an older Errand left with the token from before its uploads, whose collection
    /// was then made anew: nothing tells the next sync (the tokens are equal), but the first
    /// edit's If-Match meets a member that is not there, and that is evidence enough to list
    /// the collection and send back everything it lost.
    @Test(arguments: cases)
    func aStoreLeftWithThePreUploadTokenRecoversAtItsFirstEdit(kind: DAVServer.Kind, sqliteFirst: Bool) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let (first, second) = Self.devices(f, sqliteFirst: sqliteFirst)
        try f.sync(first)
        let emptyToken = try #require(try first.syncRemote()?.token)
        for day in 1...5 { try f.add(first, "item \(day)", day: day) }
        #expect(try f.sync(first).sent == 5)
        try first.updateSyncRemote { remote in
            remote.token = emptyToken
            return true
        }
        try f.server.deleteCollection("tasks")
        try f.server.makeTaskCollection("tasks")

        let item = try #require(try f.item(first, "item 1"))
        var edited = item
        edited.title = "item 1 edited"
        _ = try first.edit(edited, expecting: item, at: f.tick())
        let recovered = try f.sync(first)
        #expect(recovered.sent == 5 && recovered.deletedHere == 0, "\(recovered)")
        let expected = ["item 1 edited"] + (2...5).map { "item \($0)" }
        #expect(try f.serverSummaries() == expected)
        #expect(try f.sync(second).received == 5)
        #expect(try f.titles(second) == expected)
        let idle = try f.sync(first)
        #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0, "\(idle)")
    }

    @Test(arguments: cases)
    func aServerRestoredToAnOlderStateLosesNothingAndDoublesNothing(kind: DAVServer.Kind, sqliteFirst: Bool) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let backup = f.folder + "/server-backup"
        let (first, second) = Self.devices(f, sqliteFirst: sqliteFirst)
        for day in 1...5 { try f.add(first, "item \(day)", day: day) }
        #expect(try f.sync(first).sent == 5)
        try f.server.backUp(to: backup)

        // After the backup: an edit, a deletion and two new items reach the server, then it is restored.
        let one = try #require(try f.item(first, "item 1"))
        var edited = one
        edited.notes = "after the backup"
        _ = try first.edit(edited, expecting: one, at: f.tick())
        let two = try #require(try f.item(first, "item 2"))
        _ = try first.delete(id: two.id, expecting: two)
        try f.add(first, "item 6", day: 6)
        try f.add(first, "item 7", day: 7)
        #expect(try f.sync(first).sent == 4)
        try f.server.restore(from: backup)

        let back = try f.sync(first)
        #expect(back.deletedHere == 0, "\(back)")
        // The server forgot the deletion: the item comes back rather than anything being lost
        // (as an edit wins over a delete); the edit and the two new items are sent again.
        let expected = (1...7).map { "item \($0)" }
        #expect(try f.titles(first) == expected)
        #expect(try f.serverSummaries() == expected)
        #expect(try f.item(first, "item 1")?.notes == "after the backup")
        #expect(try f.serverTexts().values.contains { $0.contains("after the backup") })
        let uids = try Self.serverUIDs(f)
        #expect(uids.count == 7 && Set(uids).count == 7)

        let joined = try f.sync(second)
        #expect(joined.received == 7)
        #expect(try f.titles(second) == expected)
        #expect(try f.item(second, "item 1")?.notes == "after the backup")
        for store in [first, second] {
            let idle = try f.sync(store)
            #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0, "\(idle)")
        }
        #expect(try Self.serverUIDs(f) == uids)
    }
}
