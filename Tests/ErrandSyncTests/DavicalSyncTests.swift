import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 43: DAViCal (Debian's davical on PostgreSQL, served by PHP on loopback, in a folder of
/// its own). Its root answers a PROPFIND asking for sync-token with 500, and it offers its
/// scheduling Inbox and Outbox as plain calendars: discovery gets past the first and never
/// lists the second; two stores and a phone sync through it both ways.
@Suite(.serialized, .tags(.server, .process), .fullLane,
       .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/davical/htdocs/caldav.php")
                    && FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/15/bin/pg_ctl"),
                "needs DAViCal (scripts/deps --test installs davical, php-pgsql and postgresql)"))
struct DavicalSyncTests {
    @Test func twoStoresAndAPhoneSyncThroughDavical() throws {
        let f = try SyncFixture(.davical)
        defer { f.remove() }
        try f.twoStoresEditTheSameItem()
        try f.aPhoneAddsOne()
        // A deletes one; B loses it too; the server keeps the other two; then nothing moves.
        let milk = try #require(try f.item(f.a, "Milk"))
        _ = try f.a.delete(id: milk.id, expecting: milk)
        try f.sync(f.a)
        #expect(try f.sync(f.b).deletedHere == 1)
        #expect(try f.titles(f.b) == ["Dentist at 9", "From the phone"])
        #expect(try f.serverSummaries() == ["Dentist at 9", "From the phone"])
        try f.nothingMoves()
    }

    /// From the root (which answers 500 to a PROPFIND asking for sync-token), discovery finds
    /// the list made and the account's own calendar, never the scheduling Inbox or Outbox
    /// DAViCal marks as calendars that take any component.
    @Test func discoveryFromTheRootGetsPastTheErrorAndListsNoSchedulingBox() throws {
        try DAVServer.expectDiscoveryFromTheRoot(.davical)
    }

    /// A first sync from the root (no list named) syncs into a list discovery found, and the
    /// store remembers that list, so the next sync goes straight to it.
    @Test func aSyncFromTheRootSyncsAndRemembersTheList() throws {
        let f = try SyncFixture(.davical)
        defer { f.remove() }
        try f.add(f.a, "From the root")
        let root = "http://\(f.server.user):\(f.server.password)@127.0.0.1:\(f.server.port)/"
        #expect(try f.sync(f.a, url: root).sent == 1)
        let remembered = try #require(try f.a.syncRemote()).url
        #expect(remembered.contains("/caldav.php/\(f.server.user)/"), "\(remembered)")
        #expect(!remembered.lowercased().contains("inbox") && !remembered.lowercased().contains("outbox"), "\(remembered)")
    }
}
