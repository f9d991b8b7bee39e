@testable import ErrandICal
import ErrandDomain
import Foundation
import Testing

/// Issue 42: rules as phones write them repeat here, follow libical's days, and a check never
/// ends a series that has occurrences left. The days expected are python-dateutil's (rrule),
/// written down once: another engine than the one under test.
@Suite struct RichRuleTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let zone = "Europe/Paris"

    /// One VTODO due (and starting) on `start`, repeating by `rule`.
    func calendar(_ rule: String, start: String) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Errand tests//EN", "BEGIN:VTODO", "UID:rich-\(start)-\(rule.count)",
         "DTSTAMP:20261130T000000Z", "SUMMARY:Pay the rent", "DTSTART;VALUE=DATE:\(start)", "DUE;VALUE=DATE:\(start)",
         "RRULE:\(rule)", "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    static let cases: [(rule: String, start: String, days: [String], ends: Bool)] = [
        ("FREQ=MONTHLY;BYDAY=2TU;COUNT=5", "20261208", ["2026-12-08", "2027-01-12", "2027-02-09", "2027-03-09", "2027-04-13"], true),
        ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "20261202", ["2026-12-02", "2026-12-04", "2026-12-07", "2026-12-09", "2026-12-11", "2026-12-14"], false),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "20261231", ["2026-12-31", "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"], false),
        ("FREQ=MONTHLY;BYDAY=-1FR", "20261225", ["2026-12-25", "2027-01-29", "2027-02-26", "2027-03-26", "2027-04-30", "2027-05-28"], false),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "20261231",
         ["2026-12-31", "2027-01-29", "2027-02-26", "2027-03-31", "2027-04-30", "2027-05-31"], false),
        ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", "20261215", ["2026-12-15", "2027-03-15", "2027-06-15", "2027-09-15", "2027-12-15"], false),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "20280229", ["2028-02-29", "2032-02-29", "2036-02-29", "2040-02-29", "2044-02-29"], false),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "20261205", ["2026-12-05", "2026-12-06", "2026-12-12", "2026-12-13", "2026-12-19"], false),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "20261201", ["2026-12-01", "2026-12-03", "2026-12-15", "2026-12-17", "2026-12-29"], false),
        ("FREQ=DAILY;COUNT=3", "20261201", ["2026-12-01", "2026-12-02", "2026-12-03"], true),
        ("FREQ=WEEKLY;UNTIL=20270105", "20261201", ["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29", "2027-01-05"], true),
    ]

    @Test(arguments: 0..<cases.count)
    func eachRuleRepeatsFollowsItsDaysAndEndsOnlyWithThem(_ index: Int) throws {
        let (rule, start, days, ends) = RichRuleTests.cases[index]
        let reader = VTodoReader(zoneName: zone, now: now)
        var item = try #require(try reader.read(calendar(rule, start: start), newID: UUID.init).items.first)
        #expect(item.repeats?.rule != nil, "\(rule) is not read as repeating")
        let check = OccurrenceCheck(zoneName: zone, now: now)
        for (n, day) in days.enumerated() {
            #expect(item.due?.iso == day && !item.isDone, "\(rule): occurrence \(n + 1)")
            var (series, done) = try check.check(item, at: now)
            #expect(done.isDone && done.due?.iso == day, "\(rule): occurrence \(n + 1) done")
            let last = ends && n == days.count - 1
            #expect(series.isDone == last, "\(rule): after occurrence \(n + 1) the series is \(series.isDone ? "done" : "open")")
            // The series's own VTODO never says COMPLETED while it has occurrences left.
            let text = try #require(series.icalendar)
            let master = text.components(separatedBy: "END:VTODO").first ?? ""
            #expect(!master.contains("STATUS:COMPLETED"), "\(rule)")
            series.modified = now
            item = series
        }
    }

    /// Thunderbird's daily task starts at 17:00 in Chicago, which is 00:00 the next day in
    /// Paris: each check moves it on a day. (The override's RECURRENCE-ID was read in Paris
    /// time, as the day before, so the series stayed where it was, check after check.)
    @Test(arguments: ["Europe/Paris", "America/Chicago", "UTC", "Asia/Tokyo"])
    func aStartInAnotherZoneMovesOnEachCheck(_ zoneName: String) throws {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "BEGIN:VTODO",
                    "UID:tb-daily", "DTSTAMP:20180417T212809Z", "SUMMARY:New Task", "RRULE:FREQ=DAILY",
                    "DTSTART;TZID=America/Chicago:20180417T170000", "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
        var item = try #require(try VTodoReader(zoneName: zoneName, now: now).read(text, newID: UUID.init).items.first)
        let first = try #require(item.due)
        let check = OccurrenceCheck(zoneName: zoneName, now: now)
        for n in 1...3 {
            var (series, done) = try check.check(item, at: now)
            #expect(done.due == item.due && series.due == first.adding(days: n) && !series.isDone, "\(zoneName), check \(n): first \(first), done \(String(describing: done.due)), series \(String(describing: series.due))")
            series.modified = now
            item = series
        }
    }

    /// libical's days for rules whose days need no counting from a check (the iterator alone).
    @Test func theIteratorWalksEveryRuleOfTheList() {
        for (rule, start, days, _) in RichRuleTests.cases {
            guard let r = RecurrenceRule(rule), let first = DueDay(iso: "\(start.prefix(4))-\(start.dropFirst(4).prefix(2))-\(start.suffix(2))")
            else { Issue.record("\(rule)"); continue }
            #expect(ICalOccurrences.days(r, from: first, limit: days.count).map(\.iso) == days, "\(rule)")
        }
    }

    /// A rule that can never fall (the 9th Tuesday of a month) is walked a bounded number of
    /// steps, not for ever: the series simply has no occurrence.
    @Test func aRuleThatNeverFallsEnds() throws {
        let reader = VTodoReader(zoneName: zone, now: now)
        let item = try #require(try reader.read(calendar("FREQ=MONTHLY;BYDAY=5TU;BYMONTH=2", start: "20261208"), newID: UUID.init).items.first)
        #expect(item.repeats?.rule != nil)
    }

    /// What libical refuses is refused; what it takes comes back in its own order.
    @Test func rulesAreCheckedByLibical() {
        #expect(ICalRepeat.checked("FREQ=MONTHLY;BYDAY=2TU;COUNT=5")?.text == "FREQ=MONTHLY;COUNT=5;BYDAY=2TU")
        #expect(ICalRepeat.checked("FREQ=FORTNIGHTLY") == nil)
        #expect(ICalRepeat.checked("FREQ=HOURLY;INTERVAL=2") == nil, "no day to be due on")
        #expect(ICalRepeat.checked("BYDAY=MO") == nil)
        #expect(ICalRepeat.checked("") == nil)
    }
}
