import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 23: an alarm relative to the start (`TRIGGER;RELATED=START:-PT15M`, as Thunderbird
/// and Apple write it) through a real Radicale: one the phone wrote and one made here go up,
/// the phone's lines come back as it wrote them, the server's text says RELATED=START, the
/// other store reads both, and `errand remind` rings each 15 minutes before its start.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct StartAlarmSyncTests {
    static let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=START:-PT15M",
                        "DESCRIPTION:Default Mozilla Description", "END:VALARM"]
    static let phone = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
                        "BEGIN:VTODO", "UID:standup@thunderbird", "DTSTAMP:20261201T080000Z", "CREATED:20261201T080000Z",
                        "LAST-MODIFIED:20261201T080000Z", "SUMMARY:Stand-up", "DTSTART:20261203T093000Z",
                        "DUE:20261203T170000Z", "X-MOZ-GENERATION:1"] + alarm + ["END:VTODO", "END:VCALENDAR"]

    /// `errand remind` on `path` at Dec 3 2026 `time` UTC, as cron runs it.
    func remind(_ path: String, at time: String) throws -> String {
        let run = try ChildProcess.run(["--store", path, "--today", "2026-12-03T" + time, "remind"], environment: ["TZ": "UTC"])
        #expect(run.0 == 0 && run.2.isEmpty, "\(run.2)")
        return run.1
    }

    @Test func aStartRelativeAlarmGoesThroughRadicaleAndRingsFifteenMinutesBeforeTheStart() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let href = f.server.collectionPath("tasks") + "standup.ics"
        let text = Self.phone.joined(separator: "\r\n") + "\r\n"
        #expect(try f.phone.put(href, ics: text, headers: ["If-None-Match": "*"]).status == 201)
        // Made here: a start at 11:00, a reminder 15 minutes before it.
        let a = f.folder + "/a.sqlite"
        let made = try ChildProcess.run(["--store", a, "--today", "2026-12-03T08:00", "-c",
                                         "create Review --date \"dec 3 17:00\" --start \"dec 3 11:00\" --remind \"15m before start\""],
                                        environment: ["TZ": "UTC"])
        #expect(made.0 == 0, "\(made.2)")
        let first = try f.sync(f.a)
        #expect(first.received == 1 && first.sent == 1)
        let standup = try #require(try f.item(f.a, "Stand-up"))
        #expect(standup.reminders == [.beforeStart(seconds: 900)])
        let served = try #require(try f.serverTexts().first { $0.key.hasSuffix("standup.ics") }?.value)
        // Edited here: the title goes up, every line of the phone's but those Errand owns as it was.
        let listed = standup
        var renamed = standup
        renamed.title = "Stand-up, short"
        _ = try f.a.edit(renamed, expecting: listed, at: f.tick())
        #expect(try f.sync(f.a).sent == 1)
        let texts = try f.serverTexts()
        let after = try #require(texts.first { $0.key.hasSuffix("standup.ics") }?.value)
        let owned: Set<String> = ["SUMMARY", "LAST-MODIFIED", "DTSTAMP"]
        let unowned = { (text: String) in
            ClientCorpusSyncTests.todoLines(text).filter { !owned.contains(String($0.prefix { $0 != ";" && $0 != ":" }).uppercased()) }
        }
        #expect(unowned(after) == unowned(served))
        // The alarm's block as the server served it (Radicale orders a component's lines itself).
        let block = { (text: String) in
            ClientCorpusSyncTests.todoLines(text).drop { $0 != "BEGIN:VALARM" }.prefix { $0 != "END:VALARM" }
        }
        #expect(block(served).contains("TRIGGER;RELATED=START:-PT15M") && block(after) == block(served), "\(after)")
        #expect(after.contains("\r\nSUMMARY:Stand-up\\, short\r\n"), "\(after)")
        // Ours, as the server serves it to any client: the alarm counts from DTSTART.
        let review = try #require(texts.values.first { $0.contains("SUMMARY:Review") })
        #expect(ClientCorpusSyncTests.todoLines(review).contains("TRIGGER;RELATED=START:-PT15M"), "\(review)")
        #expect(ClientCorpusSyncTests.todoLines(review).contains { $0.hasPrefix("DTSTART") && $0.contains("20261203T110000") }, "\(review)")
        // The other store reads both alarms from the start.
        #expect(try f.sync(f.b).received == 2)
        #expect(try f.item(f.b, "Stand-up, short")?.reminders == [.beforeStart(seconds: 900)])
        #expect(try f.item(f.b, "Review")?.reminders == [.beforeStart(seconds: 900)])
        // Rung at the start less 15 minutes, on each machine, once.
        f.a.close()
        f.b.close()
        for path in [a, f.folder + "/b.plist"] {
            #expect(try remind(path, at: "09:14").isEmpty)
            let standupRings = try remind(path, at: "09:16")
            #expect(standupRings.hasPrefix("Thu Dec 3 09:15  Stand-up, short ") && standupRings.hasSuffix("15 min before start)\n"),
                    "\(standupRings)")
            #expect(try remind(path, at: "10:44").isEmpty)
            let reviewRings = try remind(path, at: "10:46")
            #expect(reviewRings.hasPrefix("Thu Dec 3 10:45  Review ") && reviewRings.split(separator: "\n").count == 1, "\(reviewRings)")
            #expect(try remind(path, at: "11:30").isEmpty)
        }
    }
}
