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
}
