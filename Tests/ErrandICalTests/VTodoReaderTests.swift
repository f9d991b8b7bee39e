import ErrandDomain
import ErrandICal
import ErrandCalendarWire
import Foundation
import Testing

/// VTODO -> item: each field Errand maps, and what it does with the rest.
@Suite struct VTodoReaderTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func read(_ text: String, zone: String = "Europe/Paris") throws -> CalendarWire.Batch {
        try VTodoReader(zoneName: zone, now: now).read(text, newID: UUID.init)
    }

    func one(_ lines: [String], zone: String = "Europe/Paris") throws -> TodoItem {
        let batch = try read(ICalText.calendar(ICalText.todo(["UID:x", "DTSTAMP:20261120T100000Z"] + lines)), zone: zone)
        return try #require(batch.items.first)
    }

    @Test func aTodomanUIDIsKeptAsTextAndEveryModelledFieldIsRead() throws {
        let item = try #require(try read(ICalText.phone).items.first)
        #expect(item.uid == "3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop")
        #expect(item.title == "Dentist")
        #expect(item.due == DueDay(year: 2026, month: 12, day: 2))
        #expect(item.time == nil)
        #expect(item.created == Date(timeIntervalSince1970: 1_795_168_800))
        #expect(item.modified == Date(timeIntervalSince1970: 1_795_255_200))
        // The whole VTODO is kept for writing back.
        let kept = try #require(item.icalendar)
        for part in ["BEGIN:VALARM", "TRIGGER:-PT15M", "PRIORITY:1", "CATEGORIES:health", "X-PHONE-COLOR:#ff0000",
                     "DTSTART;VALUE=DATE:20261201"] {
            #expect(kept.contains(part), "\(part)")
        }
    }

    @Test func allDayAndTimedDueInTheUsersZone() throws {
        #expect(try one(["SUMMARY:a", "DUE;VALUE=DATE:20261202"]).time == nil)
        // 20:00 in New York on Dec 2 is 02:00 in Paris on Dec 3.
        let zoned = try read(ICalText.calendar(ICalText.newYork + ICalText.todo([
            "UID:ny", "DTSTAMP:20261120T100000Z", "SUMMARY:call", "DUE;TZID=America/New_York:20261202T200000",
        ])))
        let item = try #require(zoned.items.first)
        #expect(item.due == DueDay(year: 2026, month: 12, day: 3))
        #expect(item.time == TimeOfDay(text: "02:00"))
        // Its VTIMEZONE travels with it, so writing it back keeps the TZID resolvable.
        #expect(item.icalendar?.contains("TZID:America/New_York") == true)
        let utc = try one(["SUMMARY:b", "DUE:20261202T233000Z"])
        #expect(utc.due == DueDay(year: 2026, month: 12, day: 3))
        #expect(utc.time == TimeOfDay(text: "00:30"))
        let floating = try one(["SUMMARY:c", "DUE:20261202T093000"])
        #expect(floating.due == DueDay(year: 2026, month: 12, day: 2))
        #expect(floating.time == TimeOfDay(text: "09:30"))
        #expect(try one(["SUMMARY:c", "DUE:20261202T093000"], zone: "UTC").time == TimeOfDay(text: "09:30"))
    }

    @Test func noDueMeansNoDateEvenWithADtstart() throws {
        let item = try one(["SUMMARY:someday", "DTSTART;VALUE=DATE:20261201"])
        #expect(item.due == nil)
        #expect(item.time == nil)
    }

    @Test(arguments: [
        ("FREQ=DAILY", "every day"), ("FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"), ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=MONTHLY", "every month"), ("FREQ=YEARLY;INTERVAL=3", "every 3 years"),
    ])
    func rulesThatMap(_ rule: String, _ expected: String) throws {
        let item = try one(["SUMMARY:r", "DUE;VALUE=DATE:20261202", "RRULE:" + rule])
        #expect(item.repeats?.description == expected)
    }

    /// Issue 42: a rule beyond Errand's units repeats as libical reads it, said in words, its
    /// text written back as libical orders it.
    @Test(arguments: [
        ("FREQ=WEEKLY;COUNT=3", "every week, 3 times"), ("FREQ=MONTHLY;BYDAY=1MO", "on the 1st Monday of each month"),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "every weekend day"), ("FREQ=DAILY;UNTIL=20270101", "every day until Jan 1 2027"),
        ("FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "every year (BYDAY=MO;BYWEEKNO=20)"),
    ])
    func richRulesRepeatInWords(_ rule: String, _ words: String) throws {
        let item = try one(["SUMMARY:r", "DUE;VALUE=DATE:20261202", "RRULE:" + rule])
        #expect(item.repeats?.rule != nil && item.repeats?.description == words, "\(String(describing: item.repeats))")
        #expect(item.icalendar?.contains("RRULE:") == true)
    }

    /// A rule by the hour (or in another calendar) has no day to be due on: it does not repeat
    /// here, and its RRULE goes back as it came.
    @Test(arguments: ["FREQ=HOURLY", "FREQ=DAILY;BYHOUR=9,17", "FREQ=MINUTELY;INTERVAL=30"])
    func rulesByTheHourAreKeptVerbatimAndDoNotRepeatHere(_ rule: String) throws {
        let item = try one(["SUMMARY:r", "DUE;VALUE=DATE:20261202", "RRULE:" + rule])
        #expect(item.repeats == nil)
        #expect(item.icalendar?.contains("RRULE:" + rule) == true)
    }

    @Test func aRuleWithoutADueDayDoesNotRepeat() throws {
        #expect(try one(["SUMMARY:r", "RRULE:FREQ=DAILY"]).repeats == nil)
    }

    @Test func doneIsCompletedOrCancelled() throws {
        #expect(try one(["SUMMARY:d", "STATUS:COMPLETED", "COMPLETED:20261125T080000Z"]).isDone)
        #expect(try one(["SUMMARY:d", "COMPLETED:20261125T080000Z"]).isDone)
        #expect(try one(["SUMMARY:d", "STATUS:CANCELLED"]).isDone)
        #expect(try !one(["SUMMARY:d", "STATUS:NEEDS-ACTION"]).isDone)
    }

    @Test func placeAndCoordinates() throws {
        let item = try one(["SUMMARY:p", "LOCATION:Clinique du Parc", "GEO:48.85;2.35"])
        #expect(item.location == Location(name: "Clinique du Parc", coordinate: try Coordinate(latitude: 48.85, longitude: 2.35)))
        #expect(try one(["SUMMARY:p", "GEO:48.85;2.35"]).location?.name == "48.85,2.35")
        #expect(try one(["SUMMARY:p", "LOCATION:x", "GEO:99;2"]).location == Location(name: "x"))
    }

    @Test func controlCharactersInTextAreNeutralisedForTheTerminal() throws {
        let item = try one(["SUMMARY:Pay \u{1B}[31mnow\u{07}", "DESCRIPTION:line\\nnext\u{1B}]0;title\u{07}",
                            "LOCATION:\u{9B}31mHere"])
        #expect(item.title == "Pay \u{FFFD}[31mnow\u{FFFD}")
        #expect(item.notes == "line\nnext\u{FFFD}]0;title\u{FFFD}")
        #expect(item.location?.name == "\u{FFFD}31mHere")
        #expect(!TextSafety.containsControl(item.title))
    }

    @Test func missingSummaryAndUIDAndOverlongTitle() throws {
        let batch = try read(ICalText.calendar(ICalText.todo(["DTSTAMP:20261120T100000Z"])))
        let item = try #require(batch.items.first)
        #expect(item.title == "(untitled)")
        #expect(!item.uid.isEmpty)
        let long = try one(["SUMMARY:" + String(repeating: "a", count: 600)])
        #expect(long.title.count == TodoItem.maxTitle)
    }

    @Test func otherComponentsAreCountedAndSkipped() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:t", "SUMMARY:t"])
            + ["BEGIN:VEVENT", "UID:e1", "DTSTART:20261201T100000Z", "END:VEVENT",
               "BEGIN:VEVENT", "UID:e2", "DTSTART:20261201T100000Z", "END:VEVENT",
               "BEGIN:VJOURNAL", "UID:j", "END:VJOURNAL"])
        let batch = try read(text)
        #expect(batch.items.map(\.uid) == ["t"])
        #expect(batch.skipped == [CalendarWire.Skipped(kind: "VEVENT", count: 2), CalendarWire.Skipped(kind: "VJOURNAL", count: 1)])
    }

    @Test func hostileTextIsRefusedInOneLineBeforeLibicalParsesIt() throws {
        let nested = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:VTODO\r\n", count: 10_000)
            + String(repeating: "END:VTODO\r\n", count: 10_000) + "END:VCALENDAR\r\n"
        #expect(throws: ICalError.tooDeep(line: 9, limit: 8)) { try read(nested) }
        let huge = ICalText.calendar(ICalText.todo(["UID:h", "DESCRIPTION:" + String(repeating: "x", count: 2 << 20)]))
        #expect(throws: ICalError.propertyTooLong(line: 6, limit: 1 << 20)) { try read(huge) }
        // Folded: the continuation lines count towards the property they continue.
        let folded = ICalText.calendar(ICalText.todo(["UID:h", "DESCRIPTION:x"]
            + Array(repeating: " " + String(repeating: "y", count: 70), count: 20_000)))
        #expect(throws: ICalError.self) { try read(folded) }
        #expect(throws: ICalError.notICalendar) { try read("hello\r\n") }
        #expect(throws: ICalError.notICalendar) { try read("") }
        var bounds = ICalBounds()
        bounds.maxComponents = 3
        let many = ICalText.calendar((0..<5).flatMap { ICalText.todo(["UID:\($0)"]) })
        var reader = VTodoReader(zoneName: "UTC", now: now)
        reader.bounds = bounds
        #expect(throws: ICalError.tooManyComponents(limit: 3)) { try reader.read(many, newID: UUID.init) }
    }

    @Test func aUIDErrandCannotHoldIsNamed() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:" + String(repeating: "u", count: 2_000), "SUMMARY:x"]))
        let error = #expect(throws: ICalError.self) { try read(text) }
        #expect(error?.description.hasPrefix("VTODO 1: the UID is too long") == true)
    }
}
