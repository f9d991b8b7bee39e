import ErrandDomain
import Testing

@Suite struct RepeatTests {
    func day(_ text: String) throws -> DueDay { try #require(DueDay(iso: text)) }

    @Test func fromTheDueDayByWholeStepsUntilAfterToday() throws {
        let daily = try #require(Repeat(text: "day"))
        // A month of missed dailies becomes one item, tomorrow.
        #expect(daily.next(after: try day("2026-10-29"), checkedOn: try day("2026-11-29")) == (try day("2026-11-30")))
        // Checked a day early, a weekly item still moves one week from its own day.
        let weekly = try #require(Repeat(text: "week"))
        #expect(weekly.next(after: try day("2026-11-30"), checkedOn: try day("2026-11-29")) == (try day("2026-12-07")))
        let fortnightly = try #require(Repeat(text: "2 weeks"))
        #expect(fortnightly.next(after: try day("2026-11-01"), checkedOn: try day("2026-11-29")) == (try day("2026-12-13")))
        // After done: one step from the day it was checked.
        let afterDone = try #require(Repeat(text: "3 days", afterDone: true))
        #expect(afterDone.next(after: try day("2026-10-01"), checkedOn: try day("2026-11-29")) == (try day("2026-12-02")))
    }

    @Test func weekdaysSkipTheWeekend() throws {
        let weekdays = try #require(Repeat(text: "weekday"))
        // Friday Dec 4 2026 -> Monday Dec 7.
        #expect(weekdays.next(after: try day("2026-12-04"), checkedOn: try day("2026-12-04")) == (try day("2026-12-07")))
        #expect(weekdays.next(after: try day("2026-11-30"), checkedOn: try day("2026-11-30")) == (try day("2026-12-01")))
    }

    @Test func monthEndsClampAndComeBack() throws {
        let start = try day("2027-01-31")
        let monthly = try #require(Repeat(text: "month", from: start))
        let february = monthly.next(after: start, checkedOn: start)
        #expect(february == (try day("2027-02-28")))
        #expect(monthly.next(after: february, checkedOn: february) == (try day("2027-03-31")))
        let leap = try #require(Repeat(text: "month", from: try day("2028-01-31")))
        #expect(leap.next(after: try day("2028-01-31"), checkedOn: try day("2028-01-31")) == (try day("2028-02-29")))
        let yearly = try #require(Repeat(text: "year", from: try day("2028-02-29")))
        let next = yearly.next(after: try day("2028-02-29"), checkedOn: try day("2028-02-29"))
        #expect(next == (try day("2029-02-28")))
        #expect(yearly.next(after: next, checkedOn: next) == (try day("2030-02-28")))
        #expect(yearly.next(after: try day("2031-02-28"), checkedOn: try day("2031-02-28")) == (try day("2032-02-29")))
    }

    @Test func textAndStoredForms() throws {
        for text in ["day", "days", "weekday", "weekdays", "week", "2 weeks", "month", "12 months", "year", "1 day"] {
            #expect(Repeat(text: text) != nil, "\(text)")
        }
        for bad in ["", "fortnightly", "0 days", "1000 days", "2", "two weeks", "2 weeks later", "-1 week"] {
            #expect(Repeat(text: bad) == nil, "\(bad)")
        }
        #expect(Repeat(text: "2 weeks")?.description == "every 2 weeks")
        #expect(Repeat(text: "month", afterDone: true)?.description == "every month after done")
        for rule in [Repeat(text: "2 weeks"), Repeat(text: "month", afterDone: true, from: try day("2027-01-31")),
                     Repeat(text: "year", from: try day("2028-02-29")), Repeat(text: "weekday")] {
            let rule = try #require(rule)
            #expect(Repeat(stored: rule.stored) == rule, "\(rule.stored)")
        }
        for bad in ["", "1", "week", "1 fortnight", "1 month 13-1", "0 day", "+", "1 day 2-3-4"] {
            #expect(Repeat(stored: bad) == nil, "\(bad)")
        }
    }

    /// The days a week shows of a series (Repeat.days): those a check will make, after today
    /// and after the open day, each in the window; none for a rule counted from the check.
    @Test func theDaysAWeekShowsAreTheOnesChecksWillMake() throws {
        let window = try day("2026-11-29")...(try day("2026-12-05"))
        let today = try day("2026-11-29")
        let days = { (text: String, due: String, afterDone: Bool) throws -> [String] in
            let rule = try #require(Repeat(text: text, afterDone: afterDone, from: try self.day(due)))
            return rule.days(after: try self.day(due), today: today, in: window).map(\.iso)
        }
        #expect(try days("day", "2026-11-29", false) == ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"])
        // Ten years overdue: the same days, reached without walking them.
        #expect(try days("day", "2016-11-29", false).count == 6)
        #expect(try days("2 weeks", "2026-11-20", false) == ["2026-12-04"])
        #expect(try days("weekday", "2026-12-01", false) == ["2026-12-02", "2026-12-03", "2026-12-04"])
        // A month from Oct 31 is Nov 30 (today's window holds it), then Dec 31 (past it).
        #expect(try days("month", "2026-10-31", false) == ["2026-11-30"])
        #expect(try days("day", "2026-12-10", false).isEmpty)
        #expect(try days("day", "2026-11-29", true).isEmpty)
    }
}
