import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Start dates as DTSTART, both ways, beside the clients' own DTSTARTs: a real start is read
/// as the item's start; one that only repeats DUE (Apple Reminders, eM Client) or anchors an
/// RRULE (Errand, RFC 5545) is not, and follows the due day when it moves.
@Suite struct StartDateTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let reader = VTodoReader(zoneName: "Europe/Berlin", now: Date(timeIntervalSince1970: 1_796_000_000))

    func items(_ name: String) throws -> [TodoItem] {
        try reader.read(try ClientCorpus.text(name), newID: UUID.init).items
    }

    func write(_ items: [TodoItem]) throws -> String {
        try #require(VTodoWriter(zoneName: "Europe/Berlin").calendar(items))
    }

    func day(_ d: Int) -> DueDay { DueDay(year: 2026, month: 12, day: d)! }

    @Test func clientsStartsAreRead() throws {
        // Thunderbird's start-only task has its day in its start: listed then, no due day.
        let paint = try #require(try items("thunderbird-start-only.ics").first)
        #expect(paint.due == nil && paint.start == DayTime(day: day(4), time: TimeOfDay(text: "09:00")))
        #expect(paint.listDay == day(4))
        let passport = try #require(try items("nextcloud-tasks-start.ics").first)
        #expect(passport.start == DayTime(day: day(3)) && passport.due == day(11))
        // tasks.org's "hide until" (in Paris, read from Berlin: the same hour).
        let train = try #require(try items("tasks-org-hide-until.ics").first)
        #expect(train.start?.text == "2026-12-07T08:00" && train.due == day(10))
    }

    @Test(arguments: ["apple-reminders-timed.ics", "apple-reminders-done.ics", "em-client-until.ics",
                      "thunderbird-daily-start-only.ics"])
    func aDTSTARTThatIsDUEsTwinOrTheRulesDayIsNoStart(_ name: String) throws {
        for item in try items(name) { #expect(item.start == nil, "\(name)") }
    }

    /// Moving Apple's reminder moves its DTSTART with its DUE, so it never becomes a start.
    @Test func aTwinFollowsTheDueDay() throws {
        var item = try #require(try items("apple-reminders-timed.ics").first)
        item.due = day(8)
        item.modified = now
        let out = try write([item])
        #expect(out.contains("\r\nDUE;TZID=Europe/Berlin:20261208T090000\r\n"))
        #expect(out.contains("\r\nDTSTART;TZID=Europe/Berlin:20261208T090000\r\n"))
        let back = try #require(try reader.read(out, newID: UUID.init).items.first)
        #expect(back.start == nil && back.due == day(8))
    }

    @Test func aStartIsWrittenAndReadBack() throws {
        var item = TodoItem(id: UUID(), title: "Book the train", due: day(10), created: now)
        item.start = DayTime(day: day(7), time: TimeOfDay(text: "08:30"))
        var undated = TodoItem(id: UUID(), title: "Paint the fence", due: nil, created: now)
        undated.start = DayTime(day: day(4))
        let out = try write([item, undated])
        #expect(out.contains("\r\nDTSTART;TZID=Europe/Berlin:20261207T083000\r\n"))
        #expect(out.contains("\r\nDTSTART;VALUE=DATE:20261204\r\n"))
        let back = try reader.read(out, newID: UUID.init).items
        #expect(back.map(\.start) == [item.start, undated.start])
        #expect(back.map(\.due) == [day(10), nil])
    }

    /// A repeat made here without a start writes DTSTART on its due day, as before, and reads
    /// back without a start; with one, DTSTART is the start and the repeat keeps it.
    @Test func aRepeatKeepsItsDTSTART() throws {
        var item = TodoItem(id: UUID(), title: "Water the plants", due: day(2), created: now, repeats: Repeat(text: "week"))
        let out = try write([item])
        #expect(out.contains("\r\nDTSTART;VALUE=DATE:20261202\r\n"))
        let back = try #require(try reader.read(out, newID: UUID.init).items.first)
        #expect(back.start == nil && back.repeats == item.repeats)
        item.start = DayTime(day: day(1))
        let started = try write([item])
        #expect(started.contains("\r\nDTSTART;VALUE=DATE:20261201\r\n") && started.contains("\r\nRRULE:FREQ=WEEKLY"))
        #expect(try reader.read(started, newID: UUID.init).items.first?.start == item.start)
    }

    /// Edits of the start rewrite DTSTART alone: every other line the client wrote stays.
    @Test func settingAndClearingAStartTouchesOnlyDTSTART() throws {
        var passport = try #require(try items("nextcloud-tasks-start.ics").first)
        let original = ClientCorpus.todoLines(try ClientCorpus.text("nextcloud-tasks-start.ics"))
        passport.start = DayTime(day: day(5))
        passport.modified = now
        let moved = try write([passport])
        let owned: Set<String> = ["DTSTART", "LAST-MODIFIED", "DTSTAMP"]
        #expect(ClientCorpus.todoLines(moved).filter { !owned.contains(ClientCorpus.name(of: $0)) }
            == original.filter { !owned.contains(ClientCorpus.name(of: $0)) })
        #expect(moved.contains("\r\nDTSTART;VALUE=DATE:20261205\r\n"))
        passport.start = nil
        let cleared = try write([passport])
        #expect(!cleared.contains("DTSTART"))
        #expect(try reader.read(cleared, newID: UUID.init).items.first?.start == nil)
        // A start set on Thunderbird's start-only repeat sends its day to DUE.
        var daily = try #require(try items("thunderbird-daily-start-only.ics").first)
        daily.start = DayTime(day: day(1), time: TimeOfDay(text: "07:00"))
        daily.modified = now
        let both = try write([daily])
        #expect(both.contains("\r\nDUE;TZID=Europe/Berlin:20261201T090000\r\n"))
        #expect(both.contains("\r\nDTSTART;TZID=Europe/Berlin:20261201T070000\r\n"))
        let back = try #require(try reader.read(both, newID: UUID.init).items.first)
        #expect(back.due == day(1) && back.start == daily.start && back.repeats == daily.repeats)
    }
}
