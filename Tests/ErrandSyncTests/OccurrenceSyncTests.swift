import ErrandHelpers
import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 21: Thunderbird's weekly task with one occurrence finished (a RECURRENCE-ID VTODO),
/// through Radicale: pulled as the series and a done item, an occurrence checked here sent as
/// Thunderbird records one, and the resource still read by libical, by a second store and by
/// Debian's todoman (fetched with vdirsyncer).
@Suite(.serialized, .tags(.server, .process), .fullLane) struct OccurrenceSyncTests {
    static let name = "thunderbird-completed-occurrence.ics"

    static func text() throws -> String {
        try String(contentsOf: ClientCorpusSyncTests.folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The VTODOs' content lines (folds joined: servers fold as they please), one array each.
    static func blocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        for line in ClientCorpusSyncTests.todoLines(text) {
            if line == "BEGIN:VTODO" { blocks.append([]) }
            if var last = blocks.popLast() {
                last.append(line)
                blocks.append(last)
            }
        }
        return blocks
    }

    /// The series with its open occurrence checked, as `check N` does it.
    static func checkOccurrence(_ store: ErrandStore, _ item: TodoItem, at now: Date) throws -> TodoItem {
        let recorded = try CalendarHelper(zoneName: "UTC").checkOccurrences([item], now: now, newID: UUID.init)
        let pairs = Dictionary(uniqueKeysWithValues: zip([item.id], recorded))
        return try #require(try store.check(listed: [item], next: [], occurrences: pairs, at: now).added.first)
    }

    @Test func anOccurrenceCheckedHereReachesTheServerAsThunderbirdRecordsOne() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let original = try Self.text()
        #expect(try f.phone.put(f.server.collectionPath("tasks") + Self.name, ics: original, headers: ["If-None-Match": "*"]).status == 201)
        #expect(try f.sync(f.a).received == 1)
        // The series on its next open occurrence (UTC: Wed Dec 9 19:00), the finished one done.
        let items = try f.a.allItems()
        #expect(items.count == 2)
        let series = try #require(items.first { !$0.isOccurrence })
        #expect(series.due == DueDay(year: 2026, month: 12, day: 9) && !series.isDone)
        #expect(items.first(where: \.isOccurrence).map { $0.isDone && $0.due == DueDay(year: 2026, month: 12, day: 2) } == true)
        // Nothing was edited: nothing goes back, and the done item is never a resource of its own.
        #expect(try f.sync(f.a).sent == 0)
        let before = Self.blocks(try #require(try f.serverTexts().values.first))
        let moved = try Self.checkOccurrence(f.a, series, at: f.tick())
        #expect(moved.due == DueDay(year: 2026, month: 12, day: 16))
        #expect(try f.sync(f.a).sent == 1)
        let served = try f.serverTexts()
        #expect(served.count == 1)
        let text = try #require(served.values.first)
        let todos = Self.blocks(text)
        #expect(todos.count == 3 && before.count == 2)
        // The series's lines as Thunderbird wrote them, but its modification times.
        let owned = ["LAST-MODIFIED:", "DTSTAMP:"]
        let lines = { (block: [String]) in block.filter { line in !owned.contains { line.hasPrefix($0) } } }
        #expect(lines(todos.first ?? []) == lines(before.first ?? []))
        #expect(todos.dropFirst().first == before.last)
        #expect(todos.last?.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261209T190000") == true)
        #expect(todos.last?.contains("STATUS:COMPLETED") == true)
        // Read again by libical (the helper) and by a second store: one series, two done.
        try f.sync(f.b)
        let other = try f.b.allItems()
        #expect(other.filter(\.isOccurrence).compactMap(\.due?.day).sorted() == [2, 9])
        #expect(other.filter { !$0.isOccurrence }.map(\.due) == [DueDay(year: 2026, month: 12, day: 16)])
        #expect(other.allSatisfy { $0.isOccurrence == $0.isDone })
    }

    /// Issue 42: a phone's "2nd Tuesday, 5 times" series, checked here once a sync: Apple's
    /// series is rolled forward as Reminders does it, so on the server its one VTODO moves on with
    /// COUNT lowered and never says COMPLETED while occurrences are left, every other line as the
    /// phone wrote it; each occurrence done is a resource of its own; a second store agrees.
    @Test func aPhonesCountedSeriesIsRolledOnThroughTheServer() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "BEGIN:VTODO", "UID:rent@phone",
                     "DTSTAMP:20261128T071500Z", "SUMMARY:Pay rent", "X-APPLE-SORT-ORDER:596483721", "DTSTART;VALUE=DATE:20261208",
                     "DUE;VALUE=DATE:20261208", "RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5", "END:VTODO", "END:VCALENDAR", ""]
        // And the line naming the phone for the next Errand (SeriesRoll).
        let rolled = ["DTSTAMP:", "LAST-MODIFIED:", "DTSTART", "DUE", "RRULE:", "X-ERRAND-SERIES-CLIENT:"]
        let kept = { (block: [String]) in block.filter { line in !rolled.contains { line.hasPrefix($0) } } }
        #expect(try f.phone.put(f.server.collectionPath("tasks") + "rent.ics", ics: lines.joined(separator: "\r\n"),
                                headers: ["If-None-Match": "*"]).status == 201)
        try f.sync(f.a)
        let days = ["20270112", "20270209", "20270309", "20270413"]
        for (n, next) in days.enumerated() {
            let series = try #require(try f.a.allItems().first { $0.uid == "rent@phone" })
            let moved = try Self.checkOccurrence(f.a, series, at: f.tick())
            #expect(moved.due?.iso.filter { $0 != "-" } == next && !moved.isDone, "check \(n + 1)")
            #expect(try f.sync(f.a).sent == 2, "the series and the occurrence done")
            let texts = try f.serverTexts().values.map(Self.blocks)
            #expect(texts.count == n + 2 && texts.allSatisfy { $0.count == 1 }, "one VTODO a resource")
            let master = try #require(texts.first { $0.first?.contains("UID:rent@phone") == true }?.first)
            for line in ["DTSTART;VALUE=DATE:" + next, "DUE;VALUE=DATE:" + next, "RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=\(4 - n)"] {
                #expect(master.contains(line), "check \(n + 1): \(line)")
            }
            #expect(!master.contains("STATUS:COMPLETED"), "check \(n + 1)")
            // Radicale writes a resource back in its own order (vobject): the lines, not their order.
            #expect(kept(master).sorted() == kept(Array(lines[3...11])).sorted(), "check \(n + 1)")
        }
        try f.sync(f.b)
        let other = try f.b.allItems()
        #expect(other.filter { !$0.isDone }.map(\.due?.iso) == ["2027-04-13"])
        #expect(other.filter(\.isDone).compactMap(\.due?.iso).sorted() == ["2026-12-08", "2027-01-12", "2027-02-09", "2027-03-09"])
        #expect(other.allSatisfy { !$0.isOccurrence })
        // The second Errand read the series under Errand's PRODID, yet rolls it on as the phone
        // does (its VTODO names the phone): one VTODO on the server, no override, COUNT at 0 left.
        let open = try #require(other.first { !$0.isDone })
        let last = try #require(try CalendarHelper(zoneName: "UTC").checkOccurrences([open], now: f.tick(), newID: UUID.init).first)
        #expect(last.series.isDone, "the fifth and last occurrence completes the series")
        #expect(last.series.icalendar?.contains("RECURRENCE-ID") == false, "rolled as the phone does, not by an override")
    }

    @Test func deletingTheSeriesDeletesItsOneResourceAndTheOccurrencesOnBothStores() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        #expect(try f.phone.put(f.server.collectionPath("tasks") + Self.name, ics: try Self.text(), headers: ["If-None-Match": "*"]).status == 201)
        #expect(try f.sync(f.a).received == 1)
        #expect(try f.sync(f.b).received == 1)
        // One occurrence pulled, one checked here (its entry never had an href).
        let series = try #require(try f.a.allItems().first { !$0.isOccurrence })
        let moved = try Self.checkOccurrence(f.a, series, at: f.tick())
        #expect(try f.sync(f.a).sent == 1)
        #expect(try f.sync(f.b).received == 1)
        #expect(try f.b.allItems().count == 3)
        // As swipe does it: the series and both occurrences in one step.
        #expect(try f.a.delete(listed: [moved]).count == 3)
        #expect(try f.a.allItems().isEmpty)
        let deleted = try f.sync(f.a)
        #expect(deleted.sent == 1 && deleted.unread.isEmpty && deleted.conflicts.isEmpty)
        #expect(try f.serverTexts().isEmpty)
        #expect(try f.sync(f.a).sent == 0)
        // The other store loses the series and the done rows it recorded.
        #expect(try f.sync(f.b).deletedHere == 1)
        #expect(try f.b.allItems().isEmpty)
    }

    @Test(.enabled(if: TaskPeers.haveTodoman && TaskPeers.haveVdirsyncer, "todoman or vdirsyncer is not installed (scripts/deps --test)"))
    func todomanReadsTheSeriesAfterAnOccurrenceWasCheckedHere() throws {
        let f = try SyncFixture(.radicale)
        defer { f.remove() }
        let peers = try TaskPeers()
        defer { peers.remove() }
        #expect(try f.phone.put(f.server.collectionPath("tasks") + Self.name, ics: try Self.text(), headers: ["If-None-Match": "*"]).status == 201)
        try f.sync(f.a)
        let series = try #require(try f.a.allItems().first { !$0.isOccurrence })
        _ = try Self.checkOccurrence(f.a, series, at: f.tick())
        try f.sync(f.a)
        try peers.vdirsyncerPull(url: f.server.collectionURL("tasks", withPassword: false), user: f.server.user,
                                 password: f.server.password)
        // todoman lists the series and each occurrence recorded apart as tasks of their own.
        let listed = try peers.todomanTitles()
        #expect(listed.contains("Take out the bins"), "\(listed)")
    }
}
