import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Start dates through a real CalDAV server: a client's DTSTART arrives as the start, a start
/// moved here goes back as DTSTART alone, and another store reads it there.
@Suite(.tags(.server, .process), .fullLane) struct StartDateSyncTests {
    @Test func aStartMovedHereIsDTSTARTOnTheServerAndNothingElseChanges() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        for name in ["nextcloud-tasks-start.ics", "thunderbird-start-only.ics"] {
            let text = try String(contentsOf: ClientCorpusSyncTests.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(try f.phone.put(f.server.collectionPath("tasks") + name, ics: text, headers: ["If-None-Match": "*"]).status == 201)
        }
        try f.sync(f.a)
        let paint = try #require(try f.item(f.a, "Paint the fence"))
        // Thunderbird's start-only task, in UTC: its start is 08:00 there.
        #expect(paint.due == nil && paint.start?.text == "2026-12-04T08:00")
        var passport = try #require(try f.item(f.a, "Renew the passport"))
        #expect(passport.start?.text == "2026-12-03" && passport.due == DueDay(year: 2026, month: 12, day: 11))
        let before = try #require(try f.serverTexts().first { $0.key.hasSuffix("nextcloud-tasks-start.ics") }?.value)
        let listed = passport
        passport.start = DayTime(day: DueDay(year: 2026, month: 12, day: 5)!)
        _ = try f.a.edit(passport, expecting: listed, at: f.tick())
        #expect(try f.sync(f.a).sent == 1)
        let after = try #require(try f.serverTexts().first { $0.key.hasSuffix("nextcloud-tasks-start.ics") }?.value)
        #expect(after.contains("\r\nDTSTART;VALUE=DATE:20261205\r\n"))
        let owned: Set<String> = ["DTSTART", "LAST-MODIFIED", "DTSTAMP"]
        let unowned = { (text: String) in
            ClientCorpusSyncTests.todoLines(text).filter { !owned.contains(String($0.prefix { $0 != ";" && $0 != ":" }).uppercased()) }
        }
        #expect(unowned(after) == unowned(before))
        // The other store reads the start, and the item it lists on the start day.
        try f.sync(f.b)
        #expect(try f.item(f.b, "Renew the passport")?.start == passport.start)
        #expect(try f.b.items(.day(DueDay(year: 2026, month: 12, day: 4)!)).map(\.title) == ["Paint the fence"])
    }

    /// Issue 40: a client's task that starts after it is due (RFC 5545 forbids it, some clients
    /// write it) is kept as received, never "fixed" silently, and the sync's line names it.
    @Test func aStartAfterTheDueDayIsKeptAsReceivedAndNamed() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Some phone//EN", "BEGIN:VTODO", "UID:late-start-1",
            "DTSTAMP:20261201T100000Z", "SUMMARY:Backwards task", "DTSTART;VALUE=DATE:20261210", "DUE;VALUE=DATE:20261208",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        #expect(try f.phone.put(f.server.collectionPath("tasks") + "late-start-1.ics", ics: text,
                                headers: ["If-None-Match": "*"]).status == 201)
        let outcome = try f.sync(f.a)
        #expect(outcome.startsAfterDue == ["Backwards task"])
        #expect(outcome.line("tasks").contains("; 1 item starts after it is due, kept as received: \"Backwards task\""))
        let kept = try #require(try f.item(f.a, "Backwards task"))
        #expect(kept.start?.text == "2026-12-10" && kept.due == DueDay(year: 2026, month: 12, day: 8))
    }
}
