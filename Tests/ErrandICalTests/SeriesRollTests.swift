import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Issue 42, 4: a series whose own client rolls it forward (Apple Reminders, tasks.org,
/// Nextcloud Tasks) is rolled here too: one VTODO, its DTSTART, DUE and a moment's alarm moved
/// to the next occurrence, COUNT lowered, the occurrence done a one-off of its own UID.
@Suite struct SeriesRollTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    /// Lines a roll rewrites; every other line of the VTODO stays as the client wrote it.
    let rolled: Set<String> = ["LAST-MODIFIED", "DTSTAMP", "DTSTART", "DUE", "RRULE", "TRIGGER", SeriesLifecycle.clientProperty]

    func read(_ text: String) throws -> TodoItem {
        try #require(try VTodoReader(zoneName: "Europe/Paris", now: now).read(text, newID: UUID.init).items.first)
    }

    func check(_ item: TodoItem) throws -> (series: TodoItem, done: TodoItem) {
        try OccurrenceCheck(zoneName: "Europe/Paris", now: now).check(item, at: now)
    }

    /// Apple's timed reminder made a weekly series of three, as Reminders writes one.
    func appleSeries() throws -> String {
        try ClientCorpus.text("apple-reminders-timed.ics").replacingOccurrences(
            of: "DUE;TZID=Europe/Paris:20261203T090000\r\n",
            with: "DUE;TZID=Europe/Paris:20261203T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=3\r\n")
    }

    @Test func anAppleSeriesMovesOnInItsOneVTodoAndEndsWithItsLastOccurrence() throws {
        let original = try appleSeries()
        let item = try read(original)
        #expect(SeriesLifecycle.of(item.icalendar) == .rollForward)
        let (series, done) = try check(item)
        #expect(series.uid == item.uid && !series.isDone && series.due == DueDay(year: 2026, month: 12, day: 10))
        #expect(series.time == item.time && series.repeats?.rule?.count == 2)
        #expect(done.isDone && done.uid != item.uid && done.repeats == nil && done.icalendar == nil)
        #expect(done.due == item.due && done.time == item.time && done.title == item.title)
        let text = try #require(series.icalendar)
        #expect(!text.contains("RECURRENCE-ID") && ClientCorpus.blocks("VTODO", in: text).count == 1)
        for line in ["DTSTART;TZID=Europe/Paris:20261210T090000", "DUE;TZID=Europe/Paris:20261210T090000",
                     "RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=2", "TRIGGER;VALUE=DATE-TIME:20261210T080000Z",
                     "PRODID:-//Apple Inc.//iOS 12.4.1//EN"] {
            #expect(text.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        let kept = { (text: String) in ClientCorpus.todoLines(text).filter { !rolled.contains(ClientCorpus.name(of: $0)) } }
        #expect(kept(text) == kept(original), "every line the roll does not own stays as Apple wrote it")
        // Still Apple's series: the second check rolls again, the third is its last.
        let (third, _) = try check(series)
        #expect(third.due == DueDay(year: 2026, month: 12, day: 17) && third.icalendar?.contains("COUNT=1\r\n") == true)
        let (ended, _) = try check(third)
        #expect(ended.isDone, "the last occurrence completes the series")
    }

    /// Sent to a server, the rolled series goes under Errand's PRODID; its VTODO names Apple's
    /// (the roll added the line), so a second Errand reading it from the server rolls it on too
    /// (not overrides, which Reminders may not read). A series never rolled is written as it came.
    @Test func aSeriesSentOnNamesItsClientForTheNextErrand() throws {
        let item = try read(try appleSeries())
        let writer = VTodoWriter(zoneName: "Europe/Paris")
        let untouched = try #require(writer.calendar([item]))
        #expect(!untouched.contains(SeriesLifecycle.clientProperty))
        let (series, _) = try check(item)
        let sent = try #require(writer.calendar([series]))
        #expect(sent.contains("\r\nPRODID:-//Errand//Errand//EN\r\n"))
        #expect(sent.contains("\r\nX-ERRAND-SERIES-CLIENT:-//Apple Inc.//iOS 12.4.1//EN\r\n"))
        let elsewhere = try read(sent)
        #expect(SeriesLifecycle.of(elsewhere.icalendar) == .rollForward)
        let (next, done) = try check(elsewhere)
        #expect(next.due == DueDay(year: 2026, month: 12, day: 17) && next.icalendar?.contains("RECURRENCE-ID") == false)
        #expect(done.uid != next.uid)
        // Named once, however many Errands send it on.
        let again = try #require(writer.calendar([next]))
        #expect(again.components(separatedBy: "X-ERRAND-SERIES-CLIENT").count == 2)
    }

    /// tasks.org's monthly rent (a DUE alone, no COUNT): the DUE moves, the rule and the
    /// alarms related to the due stay as written.
    @Test func aTasksOrgSeriesWithoutCountMovesItsDueOnly() throws {
        let original = try ClientCorpus.text("tasks-org-repeating.ics")
        let item = try read(original)
        let (series, done) = try check(item)
        #expect(series.due == DueDay(year: 2027, month: 1, day: 1) && done.due == DueDay(year: 2026, month: 12, day: 1))
        let text = try #require(series.icalendar)
        #expect(text.contains("\r\nDUE;VALUE=DATE:20270101\r\n") && text.contains("\r\nRRULE:FREQ=MONTHLY\r\n"))
        #expect(!text.contains("DTSTART"), "no start is invented")
        #expect(ClientCorpus.blocks("VALARM", in: text) == ClientCorpus.blocks("VALARM", in: original))
    }

    /// Which client wrote a series decides; a series that already records an override is
    /// checked by overrides whoever made it, and one made here too (RFC 5545's own way).
    @Test(arguments: [
        ("-//Apple Inc.//iOS 17.1//EN", SeriesLifecycle.rollForward),
        ("+//IDN tasks.org//android-130805//EN", .rollForward),
        ("-//bitfire web engineering//DAVx5/4.3.2-ose ical4j/3.2.7 (org.tasks)", .rollForward),
        ("-//Nextcloud Tasks v0.16.1", .rollForward),
        ("-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", .overrides),
        ("-//eM Client/9.2.2157.0", .overrides),
        ("-//jtx Board//ical4android", .overrides),
        ("-//Errand//Errand//EN", .overrides),
    ])
    func theSeriesClientSaysHowItIsChecked(_ product: String, _ expected: SeriesLifecycle) throws {
        let series = ICalText.todo(["UID:s", "SUMMARY:bins", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"])
        let calendar = { (body: [String]) in
            ICalText.calendar(body).replacingOccurrences(of: "PRODID:-//test//EN", with: "PRODID:" + product)
        }
        #expect(SeriesLifecycle.of(try read(calendar(series)).icalendar) == expected)
        let done = ICalText.todo(["UID:s", "RECURRENCE-ID;VALUE=DATE:20261124", "STATUS:COMPLETED"])
        #expect(SeriesLifecycle.of(try read(calendar(series + done)).icalendar) == .overrides)
    }
}
