import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Checking an occurrence of another client's series records it as Thunderbird and eM Client
/// do: a RECURRENCE-ID VTODO marked completed; the series's own lines stay as they were.
@Suite struct OccurrenceCheckTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let owned: Set<String> = ["LAST-MODIFIED", "DTSTAMP"]

    func series(_ name: String) throws -> TodoItem {
        try #require(try VTodoReader(zoneName: "Europe/Berlin", now: now).read(try ClientCorpus.text(name), newID: UUID.init).items.first)
    }

    /// The series as the store keeps it once checked: modified now (edit sets it).
    func checked(_ item: TodoItem) throws -> (series: TodoItem, done: TodoItem, text: String) {
        var (series, done) = try OccurrenceCheck(zoneName: "Europe/Berlin", now: now).check(item, at: now)
        series.modified = now
        return (series, done, try #require(VTodoWriter(zoneName: "Europe/Berlin").calendar([series, done])))
    }

    @Test func thunderbirdsWeeklyTaskGetsAnOverrideAndMovesOn() throws {
        let item = try series("thunderbird-completed-occurrence.ics")
        #expect(item.due == DueDay(year: 2026, month: 12, day: 9))
        let (next, done, text) = try checked(item)
        #expect(next.due == DueDay(year: 2026, month: 12, day: 16))
        #expect(next.time == item.time && next.uid == item.uid && !next.isDone)
        // The start keeps its distance from the due day (19:00, an hour before).
        #expect(item.start?.day == DueDay(year: 2026, month: 12, day: 9) && next.start?.day == DueDay(year: 2026, month: 12, day: 16))
        #expect(done.isDone && done.due == item.due && done.time == item.time && done.title == item.title)
        #expect(done.uid == item.uid + ";RECURRENCE-ID=20261209T190000")
        let blocks = ClientCorpus.blocks("VTODO", in: text)
        let original = ClientCorpus.blocks("VTODO", in: try ClientCorpus.text("thunderbird-completed-occurrence.ics"))
        #expect(blocks.count == 3)
        // The series: every line as written but its modification times; the earlier occurrence whole.
        let lines = { (block: String) in block.components(separatedBy: "\r\n").filter { !owned.contains(ClientCorpus.name(of: $0)) } }
        #expect(lines(try #require(blocks.first)) == lines(try #require(original.first)))
        #expect(blocks.dropFirst().first == original.last)
        let added = try #require(blocks.last)
        for line in ["RECURRENCE-ID;TZID=Europe/Berlin:20261209T190000", "DTSTART;TZID=Europe/Berlin:20261209T190000",
                     "DUE;TZID=Europe/Berlin:20261209T200000", "STATUS:COMPLETED", "COMPLETED:20261130T005320Z",
                     "UID:0c3d6f1e-98b2-4d3b-bb7a-5d0f4f2a7c11", "SUMMARY:Take out the bins"] {
            #expect(added.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        // Read again, as a sync or an import would: the series moved on, two occurrences done.
        let back = try VTodoReader(zoneName: "Europe/Berlin", now: now).read(text, newID: UUID.init).items
        #expect(back.map(\.due?.day) == [16, 2, 9])
        #expect(back.map(\.isDone) == [false, true, true])
    }

    /// eM Client's daily task is all-day: the override is a DATE, as eM Client writes it.
    @Test func anAllDayTaskGetsADateOverride() throws {
        let item = try series("em-client-completed-occurrence.ics")
        #expect(item.due == DueDay(year: 2026, month: 12, day: 2))
        let (next, done, text) = try checked(item)
        #expect(next.due == DueDay(year: 2026, month: 12, day: 3))
        #expect(done.due == DueDay(year: 2026, month: 12, day: 2) && done.time == nil)
        #expect(text.contains("\r\nRECURRENCE-ID;VALUE=DATE:20261202\r\n"))
        #expect(ClientCorpus.blocks("VTODO", in: text).count == 4)
    }

    /// RDATE adds days to the rule's (RFC 5545 §3.8.5.2): the week shows them, and a check
    /// moves the series to an added day when it comes first; EXDATE still takes days away.
    @Test func anRdateIsAnOccurrenceOfItsOwn() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:r", "SUMMARY:rent", "DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261201",
                                                    "RRULE:FREQ=MONTHLY;BYMONTHDAY=1;COUNT=4", "RDATE;VALUE=DATE:20261215,20270115",
                                                    "EXDATE;VALUE=DATE:20270201"]))
        let item = try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
        let window = try #require(DueDay(year: 2026, month: 12, day: 1))...(try #require(DueDay(year: 2027, month: 3, day: 31)))
        #expect(SeriesDays(zoneName: "UTC").days(item, in: window).map(\.iso) == ["2026-12-15", "2027-01-01", "2027-01-15", "2027-03-01"])
        let (next, done) = try OccurrenceCheck(zoneName: "UTC", now: now).check(item, at: now)
        #expect(done.due == DueDay(year: 2026, month: 12, day: 1))
        #expect(next.due == DueDay(year: 2026, month: 12, day: 15) && !next.isDone)
    }

    /// A weekly series Errand could step itself, but with a day taken away (EXDATE) and one
    /// added (RDATE): read as libical's rule, so the week and a check follow both.
    @Test func aSimpleRuleWithExdateAndRdateIsWalkedByLibical() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:w", "SUMMARY:bins", "DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261201",
                                                    "RRULE:FREQ=WEEKLY", "EXDATE;VALUE=DATE:20261208", "RDATE;VALUE=DATE:20261210"]))
        let item = try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
        #expect(item.repeats?.rule != nil, "kept as libical's rule")
        let window = try #require(DueDay(year: 2026, month: 12, day: 1))...(try #require(DueDay(year: 2026, month: 12, day: 22)))
        #expect(SeriesDays(zoneName: "UTC").days(item, in: window).map(\.iso) == ["2026-12-10", "2026-12-15", "2026-12-22"])
        let (next, _) = try OccurrenceCheck(zoneName: "UTC", now: now).check(item, at: now)
        #expect(next.due == DueDay(year: 2026, month: 12, day: 10))
    }

    /// A series made with DUE and RRULE only (no DTSTART) names its occurrence by its due.
    @Test func aRuleOnDueAloneNamesTheOccurrenceByItsDue() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:d", "SUMMARY:water plants", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"]))
        let item = try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
        let (next, done) = try OccurrenceCheck(zoneName: "UTC", now: now).check(item, at: now)
        #expect(next.due == DueDay(year: 2026, month: 12, day: 8))
        #expect(done.uid == "d;RECURRENCE-ID=20261201")
        #expect(next.icalendar?.contains("\r\nDUE;VALUE=DATE:20261201\r\n") == true)
    }

    @Test func anItemThatDoesNotRepeatIsRefused() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:o", "SUMMARY:once", "DUE;VALUE=DATE:20261201"]))
        let item = try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
        #expect(throws: ICalError.self) { try OccurrenceCheck(zoneName: "UTC", now: now).check(item, at: now) }
    }
}
