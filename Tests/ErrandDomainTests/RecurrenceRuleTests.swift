import ErrandDomain
import Testing

/// Issue 42: rules said in words, and the words a person types made into rules. The days are
/// libical's (ErrandICalTests); here only what is read and said.
@Suite struct RecurrenceRuleTests {
    @Test(arguments: [
        ("FREQ=MONTHLY;BYDAY=2TU;COUNT=5", "on the 2nd Tuesday of each month, 5 times"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261231", "every weekday until Dec 31 2026"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "on the last Friday of each month"),
        ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", "every 3 months on the 15th"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "every year on Feb 29"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "on the last weekday of each month"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,TU", "every 2 weeks on Tuesday and Thursday"),
        ("FREQ=WEEKLY;BYDAY=SA,SU", "every weekend day"),
        ("FREQ=DAILY;COUNT=1", "every day, once"),
        ("FREQ=YEARLY;BYMONTHDAY=15", "every year on the 15th of every month"),
        ("FREQ=YEARLY;BYYEARDAY=100", "every year (BYYEARDAY=100)"),
    ])
    func rulesAreSaidInWords(_ text: String, _ words: String) throws {
        let rule = try #require(RecurrenceRule(text))
        #expect(rule.words == words)
        #expect(Repeat(rule: rule).description == words)
        // Kept and read back by the stores as it was.
        #expect(Repeat(stored: Repeat(rule: rule).stored) == Repeat(rule: rule))
    }

    @Test(arguments: [
        ("2nd tuesday", "FREQ=MONTHLY;BYDAY=2TU"), ("last friday", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("last day", "FREQ=MONTHLY;BYMONTHDAY=-1"), ("last weekday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        ("15th", "FREQ=MONTHLY;BYMONTHDAY=15"), ("mon,wed,fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("friday monday", "FREQ=WEEKLY;BYDAY=MO,FR"), ("weekend", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("First Tues", "FREQ=MONTHLY;BYDAY=1TU"), ("2nd", "FREQ=MONTHLY;BYMONTHDAY=2"),
    ])
    func typedWordsBecomeRules(_ typed: String, _ rule: String) {
        #expect(RecurrenceRule(every: typed)?.text == rule)
    }

    @Test(arguments: ["fortnightly", "9th tuesday", "32nd", "mon mon", "last", "tuesday the 3rd", ""])
    func otherWordsAreNotRules(_ typed: String) {
        #expect(RecurrenceRule(every: typed) == nil)
    }

    @Test func endingsReplaceEachOtherAndUnitsBecomeRules() throws {
        let weekly = try #require(Repeat(text: "2 weeks")?.asRule)
        #expect(weekly.text == "FREQ=WEEKLY;INTERVAL=2")
        #expect(weekly.ending(times: 3, until: nil)?.text == "FREQ=WEEKLY;INTERVAL=2;COUNT=3")
        let until = try #require(DueDay(year: 2027, month: 1, day: 5))
        #expect(weekly.ending(times: 3, until: nil)?.ending(times: nil, until: until)?.text == "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270105")
        #expect(Repeat(text: "weekday")?.asRule?.text == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        // Rules by the hour, bad parts and repeated parts are not taken.
        #expect(RecurrenceRule("FREQ=HOURLY") == nil && RecurrenceRule("FREQ=DAILY;COUNT") == nil)
        #expect(RecurrenceRule("FREQ=DAILY;FREQ=WEEKLY") == nil && RecurrenceRule("BYDAY=MO") == nil)
        // After done is Errand's own: a rule in words cannot be counted from a check.
        #expect(Repeat(text: "2nd tuesday", afterDone: true) == nil)
    }
}
