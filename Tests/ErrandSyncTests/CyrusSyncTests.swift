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
        try f.add(f.a, "Dentist")
        try f.add(f.a, "Milk", day: 2)
        let first = try f.sync(f.a)
        #expect(first.sent == 2 && first.received == 0)
        #expect(try f.sync(f.b).received == 2)
        // B renames, A checks the same item: both changes survive.
        let dentistB = try #require(try f.item(f.b, "Dentist"))
        var renamed = dentistB
        renamed.title = "Dentist at 9"
        _ = try f.b.edit(renamed, expecting: dentistB, at: f.tick())
        let dentistA = try #require(try f.item(f.a, "Dentist"))
        _ = try f.a.setDone(true, id: dentistA.id, expecting: dentistA, at: f.tick())
        try f.sync(f.b)
        #expect(try f.sync(f.a).conflicts.isEmpty)
        #expect(try f.item(f.a, "Dentist at 9")?.isDone == true)
        // The phone adds one; both stores receive it; a sync with nothing to do moves nothing.
        let phone = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "BEGIN:VTODO", "UID:phone-1",
                     "DTSTAMP:20261128T071500Z", "SUMMARY:From the phone", "CATEGORIES:home,errands", "END:VTODO", "END:VCALENDAR", ""]
            .joined(separator: "\r\n")
        #expect(try f.phone.put(f.server.collectionPath("tasks") + "phone-1.ics", ics: phone, headers: ["If-None-Match": "*"]).status == 201)
        #expect(try f.sync(f.a).received == 1)
        #expect(try f.sync(f.b).received >= 1)
        #expect(try f.titles(f.b) == ["Dentist at 9", "From the phone", "Milk"])
        // Cyrus splits CATEGORIES one value a line: both tags are read all the same.
        #expect(try f.item(f.a, "From the phone")?.tags.sorted() == ["errands", "home"])
        let idle = try f.sync(f.a)
        #expect(idle.received == 0 && idle.sent == 0 && idle.deletedHere == 0)
    }

    /// From the root, discovery finds the account's task lists (its Default calendar and the
    /// one made), never the scheduling Inbox or Outbox.
    @Test func discoveryFromTheRootFindsTheListsAndNoSchedulingBox() throws {
        let server = try DAVServer(.cyrus)
        defer { server.remove() }
        try server.makeTaskCollection("tasks", display: "Tasks")
        let lists = try TodoSync().taskLists("http://\(server.user):\(server.password)@127.0.0.1:\(server.port)/")
        let paths = lists.map(\.path.path)
        #expect(paths.contains(server.collectionPath("tasks")), "\(paths)")
        #expect(!paths.contains { $0.lowercased().contains("inbox") || $0.lowercased().contains("outbox") }, "\(paths)")
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
