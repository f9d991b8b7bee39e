import ErrandDomain
import Testing

@Suite struct DueDayTests {
    @Test func civilRoundTripsAcrossCenturiesAndLeapDays() throws {
        for n in stride(from: -719_162, through: 2_932_896, by: 997) {
            let day = DueDay(dayNumber: n)
            let c = day.civil
            let back = try #require(DueDay(year: c.year, month: c.month, day: c.day))
            #expect(back == day)
        }
    }

    @Test func knownDates() throws {
        #expect(DueDay(year: 1970, month: 1, day: 1)?.dayNumber == 0)
        let day = try #require(DueDay(iso: "2026-11-29"))
        #expect(day.weekday == 0)
        #expect(day.iso == "2026-11-29")
        #expect(DueDay(iso: "2024-02-29") != nil)
        #expect(DueDay(iso: "2026-02-29") == nil)
        #expect(DueDay(iso: "2026-13-01") == nil)
        #expect(DueDay(iso: "2026-1-01") == nil)
        #expect(DueDay(iso: "20x6-01-01") == nil)
    }

    @Test func timeOfDayParsing() {
        #expect(TimeOfDay(text: "9:05")?.minutes == 545)
        #expect(TimeOfDay(text: "23:59")?.description == "23:59")
        #expect(TimeOfDay(text: "24:00") == nil)
        #expect(TimeOfDay(text: "12:5") == nil)
        #expect(TimeOfDay(text: "ab:cd") == nil)
    }
}
