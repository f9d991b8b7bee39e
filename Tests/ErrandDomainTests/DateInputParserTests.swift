import ErrandDomain
import Testing

@Suite struct DateInputParserTests {
    // Sunday 29 November 2026.
    let today = DueDay(year: 2026, month: 11, day: 29)!

    func parse(_ text: String) throws -> String {
        try DateInputParser.parse(text, today: today).day.iso
    }

    @Test(arguments: [
        ("2026-12-01", "2026-12-01"), ("today", "2026-11-29"), ("Tomorrow", "2026-11-30"),
        ("tmr", "2026-11-30"), ("yesterday", "2026-11-28"), ("monday", "2026-11-30"),
        ("sun", "2026-12-06"), ("Sunday", "2026-12-06"), ("sat", "2026-12-05"),
        ("+3d", "2026-12-02"), ("+2w", "2026-12-13"), ("-1d", "2026-11-28"), ("-1w", "2026-11-22"),
        ("dec 1", "2026-12-01"), ("1 dec", "2026-12-01"), ("December 1", "2026-12-01"),
        ("nov 29", "2026-11-29"), ("nov 28", "2027-11-28"), ("jan 5", "2027-01-05"),
        ("feb 29", "2028-02-29"), ("dec 1 2030", "2030-12-01"), ("1 dec 2030", "2030-12-01"),
    ])
    func understood(_ input: String, _ expected: String) throws {
        #expect(try parse(input) == expected)
    }

    @Test func timeIsKept() throws {
        let result = try DateInputParser.parse("tomorrow 14:30", today: today)
        #expect(result.day.iso == "2026-11-30")
        #expect(result.time?.description == "14:30")
    }

    @Test(arguments: ["", "soon", "feb 30", "2026-02-30", "+d", "+3x", "dec", "32 dec",
                      "+999999d", "dec 1 20", "mon tue wed thu"])
    func refusedWithTheTextQuoted(_ input: String) {
        #expect(throws: DomainError.invalidDate(input)) { try parse(input) }
        #expect(DomainError.invalidDate(input).description.contains("\"\(input)\""))
    }

    /// A bad time is named as a time, so the user sees which word was wrong.
    @Test(arguments: ["today 25:00", "fri 9:5", "tomorrow 13pm", "dec 1 0am"])
    func badTimeNamed(_ input: String) throws {
        let word = String(input.split(separator: " ").last ?? "")
        #expect(throws: DomainError.invalidTime(word)) { try parse(input) }
    }
}
