import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 43: Cyrus IMAP's CalDAV (Debian's cyrus-imapd and cyrus-caldav, on loopback, in a
/// folder of its own): the engine large mail-and-calendar providers run. Discovery from the
/// server's root, two-way sync between two stores and a phone, and a typed URL of a calendar
/// the account may not read named as such, never replaced by the account's own list.
@Suite(.serialized, .tags(.server, .process), .fullLane,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/lib/cyrus/bin/master"),
                "needs Cyrus (scripts/deps --test installs cyrus-imapd, cyrus-caldav and sasl2-bin)"))
struct CyrusSyncTests {
    @Test func twoStoresAndAPhoneSyncThroughCyrus() throws {
        let f = try SyncFixture(.cyrus)
        defer { f.remove() }
        try f.twoStoresEditTheSameItem()
        // Cyrus splits CATEGORIES one value a line: both tags are read all the same.
        try f.aPhoneAddsOne()
        try f.nothingMoves()
    }

    /// From the root, discovery finds the account's task lists (its Default calendar and the
    /// one made), never the scheduling Inbox or Outbox.
    @Test func discoveryFromTheRootFindsTheListsAndNoSchedulingBox() throws {
        try DAVServer.expectDiscoveryFromTheRoot(.cyrus)
    }

    /// Issue 43, 2: another user's calendar is refused; the sync says so and syncs nothing else.
    @Test func anotherUsersCalendarIsRefusedNotReplaced() throws {
        let f = try SyncFixture(.cyrus)
        defer { f.remove() }
        try f.add(f.a, "Mine")
        let other = "http://\(f.server.user):\(f.server.password)@127.0.0.1:\(f.server.port)/dav/calendars/user/someone/Default/"
        #expect {
            try f.sync(f.a, url: other)
        } throws: { error in
            let line = "\(error)"
            return line.contains("HTTP 403") || line.contains("HTTP 404")
        }
        #expect(try f.a.syncRemote() == nil)
        #expect(try f.serverSummaries().isEmpty)
    }

    /// A move the server made and the store never recorded (a sync killed between the MOVE and
    /// its record), then the item edited here: its PUT into the main list is refused (the UID
    /// lives in Shopping, which Cyrus names), so the member is moved back and the edit sent.
    /// Before, every later sync failed with that 403 (MultiListCrashTests met it in CI).
    @Test func aMemberLeftInAnotherListIsMovedHereWhenItsItemIsSent() throws {
        let f = try SyncFixture(.cyrus)
        defer { f.remove() }
        try f.server.makeTaskCollection("Shopping")
        try MultiListSyncTests.join(f, f.a)
        let bread = try f.add(f.a, "Bread")
        try f.sync(f.a)
        let href = try #require(try f.serverTexts().keys.first)
        let name = try #require(href.split(separator: "/").last)
        let moved = try f.phone.send("MOVE", href, headers: [
            "Destination": "http://127.0.0.1:\(f.server.port)" + f.server.collectionPath("Shopping") + name, "Overwrite": "F"])
        #expect(moved.status == 201)
        var renamed = bread
        renamed.title = "Bread rolls"
        _ = try f.a.edit(renamed, expecting: bread, at: f.tick())
        try f.sync(f.a)
        #expect(try f.serverSummaries() == ["Bread rolls"])
        #expect(try f.serverSummaries("Shopping").isEmpty)
        #expect(try f.a.allItems().map(\.title) == ["Bread rolls"])
        #expect(try f.item(f.a, "Bread rolls")?.list == nil)
        let idle = try f.sync(f.a)
        #expect(idle.sent == 0 && idle.received == 0 && idle.deletedHere == 0, "\(idle)")
    }
}
