import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Issue 42 at the prompt, on both backends, through the real errand-ical helper: a series
/// made in words follows its own days, is never done with occurrences left, and ends with its
/// last; a phone's rule is checked without ending the phone's series.
@Suite struct RichRuleSessionTests {
    func run(_ t: ShellTester, _ line: String) -> [String] {
        t.sink.reset()
        t.runner.runOne(line)
        return t.sink.all
    }

    func exported(_ t: ShellTester) throws -> String {
        _ = run(t, "export out.ics")
        return try String(contentsOfFile: t.directory + "/out.ics", encoding: .utf8)
    }

    /// The series's own VTODO in an export: the one without a RECURRENCE-ID.
    func master(_ text: String) -> String {
        text.components(separatedBy: "BEGIN:VTODO").dropFirst().first { !$0.contains("RECURRENCE-ID") } ?? ""
    }

    @Test(arguments: ["sqlite", "plist"])
    func aSecondTuesdaySeriesFollowsItsDaysAndEndsWithItsFifth(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        #expect(run(t, "create Pay rent --date dec 8 --every \"2nd tuesday\" --times 5")
                == ["created \"Pay rent\" for Tue Dec 8 2026, on the 2nd Tuesday of each month, 5 times"])
        #expect(run(t, "list") == ["All items", "To do", "  1  Tue Dec 8  ↻ Pay rent"])
        #expect(run(t, "open 1").contains("  Repeats   on the 2nd Tuesday of each month, 5 times (5 left)"))
        t.given("back")
        for (n, next) in ["Tue Jan 12 2027", "Tue Feb 9 2027", "Tue Mar 9 2027", "Tue Apr 13 2027"].enumerated() {
            t.given("find Pay rent is:open")
            #expect(run(t, "check 1").first == "checked \"Pay rent\": moved to Done; next on \(next)", "check \(n + 1)")
            #expect(!master(try exported(t)).contains("STATUS:COMPLETED"), "after check \(n + 1) the series is over")
            t.given("find Pay rent is:open")
            let repeats = run(t, "open 1").first { $0.hasPrefix("  Repeats") }
            #expect(repeats == "  Repeats   on the 2nd Tuesday of each month, 5 times (\(4 - n) left)", "after check \(n + 1)")
        }
        t.given("set output json")
        #expect(run(t, "open 1").first?.contains("\"left\":1") == true)
        t.given("set output text")
        // Undone and done again: the same fifth occurrence.
        t.given("find Pay rent is:open")
        #expect(run(t, "check 1").first == "checked \"Pay rent\": moved to Done")
        #expect(run(t, "find Pay rent is:open") == ["nothing found for \"Pay rent is:open\""])
        t.given("undo")
        #expect(run(t, "find Pay rent is:open") == ["Found \"Pay rent is:open\"", "To do", "  1  Tue Apr 13 2027  ↻ Pay rent"])
        t.given("check 1")
        let done = run(t, "find Pay rent")
        #expect(done.count == 7 && done.filter { $0.contains("✓ Pay rent") }.count == 5, "\(done)")
        #expect(master(try exported(t)).contains("STATUS:COMPLETED"), "the last occurrence completes the series")
    }

    @Test(arguments: ["sqlite", "plist"])
    func rulesAreSaidCheckedAndEndedInOneLine(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.send("create Odd --rrule \"FREQ=SOMETIMES\"",
               ["error: create: --rrule: libical does not read \"FREQ=SOMETIMES\" as a rule by the day "
                + "(FREQ=DAILY, WEEKLY, MONTHLY or YEARLY, then BYDAY, BYMONTHDAY, COUNT, UNTIL...)"], succeeds: false)
        t.send("create Odd --times 3", ["error: create: --times and --until end a repeat: add --every or --rrule"], succeeds: false)
        t.send("create Odd --every \"last friday\" --after-done",
               ["error: create: --after-done counts from a check, which \"last friday\" cannot: use day, weekday, week, month or year (or a number of them)"],
               succeeds: false)
        #expect(try t.store.allItems().isEmpty)
        #expect(run(t, "create Board --date jan 12 --rrule \"FREQ=MONTHLY;BYDAY=2TU;BYMONTH=1,7\"")
                == ["created \"Board\" for Tue Jan 12 2027, on the 2nd Tuesday of each month in Jan and Jul"])
        #expect(run(t, "create Bins --every week --until dec 31")
                == ["created \"Bins\" for Sun Nov 29 2026, every week until Dec 31 2026"])
        t.given("list")
        t.given("edit 1 --times 3")
        let bins = try #require(try t.store.allItems().first { $0.title == "Bins" })
        #expect(bins.repeats?.description == "every week, 3 times")
        #expect(try t.store.allItems().first { $0.title == "Board" }?.repeats?.rule?.text == "FREQ=MONTHLY;BYDAY=2TU;BYMONTH=1,7")
    }

    /// A series opens on one of its own days (RepeatStart): made on Sunday Nov 29 without a
    /// date, "every weekday" is due Monday and "2nd tuesday" on Dec 8, never on the Sunday an
    /// iCalendar client would count as one more occurrence; a date given, or an edit's new rule,
    /// moves to the rule's first day from there.
    @Test(arguments: ["sqlite", "plist"])
    func aSeriesOpensOnOneOfItsOwnDays(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        #expect(run(t, "create Weekdays --every weekday") == ["created \"Weekdays\" for Mon Nov 30 2026, every weekday"])
        #expect(run(t, "create Rent --every \"2nd tuesday\"") == ["created \"Rent\" for Tue Dec 8 2026, on the 2nd Tuesday of each month"])
        #expect(run(t, "create Mid --date dec 1 --every 15th") == ["created \"Mid\" for Tue Dec 15 2026, every month on the 15th"])
        #expect(run(t, "create Leap --every \"feb 29\" --rrule \"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\"").first?.hasPrefix("error") == true)
        #expect(run(t, "create Leap --rrule \"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\"")
                == ["created \"Leap\" for Tue Feb 29 2028, every year on Feb 29"])
        #expect(run(t, "create Daily --every day") == ["created \"Daily\" for Sun Nov 29 2026, every day"])
        t.send("create Gone --every \"last friday\" --until nov 29",
               ["error: create: \"on the last Friday of each month until Nov 29 2026\" has no day on or after 2026-11-29: its end comes first"],
               succeeds: false)
        t.given("find daily")
        #expect(run(t, "edit 1 --every \"last friday\"").first == "edited \"Daily\" (Fri Dec 25 2026)")
        // The week counts each series on its own days only: nothing on the Sunday.
        t.given("set output json")
        let week = run(t, "view").joined()
        #expect(week.contains("{\"n\":1,\"date\":\"2026-11-29\",\"label\":\"Sun Nov 29\",\"count\":0}"))
    }

    /// A phone's monthly series (Apple Reminders writes such rules and rolls them forward): one
    /// check rolls the series on in its one VTODO, as Reminders does (its COUNT lowered, its
    /// rule's parts in the phone's order), and keeps the occurrence done as a one-off of its own.
    /// A Thunderbird series is checked by overrides (OccurrenceCheckTests); undo puts all back.
    @Test(arguments: ["sqlite", "plist"])
    func aPhonesSeriesIsRolledOnAsThePhoneDoesAndNeverEndedByOneCheck(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.0//EN", "BEGIN:VTODO", "UID:rent@phone",
                    "DTSTAMP:20261128T071500Z", "SUMMARY:Pay rent", "DTSTART;VALUE=DATE:20261208", "DUE;VALUE=DATE:20261208",
                    "RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5", "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: t.directory + "/rent.ics"))
        t.given("import rent.ics")
        let before = try t.store.allItems()
        #expect(run(t, "list") == ["All items", "To do", "  1  Tue Dec 8  ↻ Pay rent"])
        #expect(run(t, "check 1").first == "checked \"Pay rent\": moved to Done; next on Tue Jan 12 2027")
        #expect(run(t, "list") == ["All items", "To do", "  1  Tue Jan 12 2027  ↻ Pay rent", "Done", "  2  Tue Dec 8        ✓ Pay rent"])
        #expect(run(t, "open 1").contains("  Repeats   on the 2nd Tuesday of each month, 4 times (4 left)"))
        t.given("back")
        let out = try exported(t)
        let todos = out.components(separatedBy: "BEGIN:VTODO").dropFirst()
        #expect(todos.count == 2 && !out.contains("RECURRENCE-ID"))
        let series = try #require(todos.first { $0.contains("UID:rent@phone") })
        for line in ["DTSTART;VALUE=DATE:20270112", "DUE;VALUE=DATE:20270112", "RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4"] {
            #expect(series.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        #expect(!series.contains("STATUS:COMPLETED"))
        let done = try #require(todos.first { !$0.contains("UID:rent@phone") })
        #expect(done.contains("\r\nSTATUS:COMPLETED\r\n") && done.contains("\r\nDUE;VALUE=DATE:20261208\r\n") && !done.contains("RRULE"))
        t.given("undo")
        #expect(try t.store.allItems().sorted { $0.id.uuidString < $1.id.uuidString } == before.sorted { $0.id.uuidString < $1.id.uuidString })
    }

    /// Issue 42, 5: a repeating item's subtasks are its checklist. Checked, the occurrence is
    /// done and its subtasks come back open for the next one (under the new occurrence of a
    /// rule of Errand's own, under the same series of a rule libical follows); the last
    /// occurrence of a series takes them with it. One undo puts everything back.
    @Test(arguments: ["sqlite", "plist"])
    func subtasksOfARepeatingItemComeBackOpenForTheNextOccurrence(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Gym bag --date dec 2 --every week")
        t.given("create Pay rent --date dec 8 --every \"2nd tuesday\" --times 2")
        t.given("list")
        t.given("create Shoes --under 1")
        t.given("create Towel --under 1")
        t.given("create Transfer --under 2")
        t.given("find Towel")
        t.given("check 1")
        let before = try t.store.allItems()
        t.given("find Gym bag is:open")
        #expect(run(t, "check 1").first == "checked \"Gym bag\": moved to Done; next on Wed Dec 9 2026; 2 subtasks to do again for it")
        let items = try t.store.allItems()
        let next = try #require(items.first { $0.title == "Gym bag" && !$0.isDone })
        #expect(next.due?.iso == "2026-12-09")
        for title in ["Shoes", "Towel"] {
            let sub = try #require(items.first { $0.title == title })
            #expect(!sub.isDone && sub.parent == next.uid, "\(title)")
        }
        t.given("undo")
        #expect(try t.store.allItems().sorted { $0.id.uuidString < $1.id.uuidString } == before.sorted { $0.id.uuidString < $1.id.uuidString })
        // A series libical follows keeps its UID: the checklist stays under it, open.
        t.given("find Pay rent is:open")
        #expect(run(t, "check 1").first == "checked \"Pay rent\": moved to Done; next on Tue Jan 12 2027; 1 subtask to do again for it")
        let rent = try #require(try t.store.allItems().first { $0.title == "Pay rent" && !$0.isOccurrence })
        let transfer = try #require(try t.store.allItems().first { $0.title == "Transfer" })
        #expect(!transfer.isDone && transfer.parent == rent.uid && !rent.isDone)
        // The second and last occurrence: the series ends, its checklist done with it.
        t.given("find Pay rent is:open")
        #expect(run(t, "check 1").first == "checked \"Pay rent\" and 1 subtask under it: moved to Done")
        #expect(try t.store.allItems().first { $0.title == "Transfer" }?.isDone == true)
    }
}
