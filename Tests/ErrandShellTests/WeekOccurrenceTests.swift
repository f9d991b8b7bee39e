import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Issue 42, 6: the week and a day show a repeating item on each day an occurrence of it falls,
/// counted once a day and marked as one of a series, on both backends; a rule Errand steps
/// itself and one libical walks (through the real errand-ical helper) alike. Today is Sun Nov 29.
@Suite struct WeekOccurrenceTests {
    func run(_ t: ShellTester, _ line: String) -> [String] {
        t.sink.reset()
        t.runner.runOne(line)
        return t.sink.all
    }

    @Test(arguments: ["sqlite", "plist"])
    func aDailyItemIsOnEachDayOfTheWeekAndARichRuleOnItsOwnDays(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Water plants --every day")
        t.given("create Gym --date dec 1 --every 2 days")
        // The 1st Thursday (Dec 3), then Jan 7: libical's days, one in the week.
        t.given("create Book club --date dec 3 --every \"1st thursday\"")
        // Counted from the check: its later days are not known, only its own.
        t.given("create Stretch --date nov 30 --every day --after-done")
        #expect(run(t, "view") == [
            "View: 7 days from Sun Nov 29 2026",
            "  1  Sun Nov 29  1 item  today",
            "  2  Mon Nov 30  2 items",
            "  3  Tue Dec 1   2 items",
            "  4  Wed Dec 2   1 item",
            "  5  Thu Dec 3   3 items",
            "  6  Fri Dec 4   1 item",
            "  7  Sat Dec 5   2 items",
        ])
        #expect(run(t, "open 5") == [
            "Thu Dec 3 2026",
            "To do",
            "  1  ↻ Book club",
            "Later occurrences of series open on an earlier day",
            "  2  Sun Nov 29  ↻ Water plants",
            "  3  Tue Dec 1   ↻ Gym",
        ])
        // The row is the series: opened, it is the series's detail.
        #expect(run(t, "open 2").first == "Water plants")
    }

    /// A later occurrence is shown, never changed in place of the open one: the series would
    /// move on from its open day, not from the day shown. One line says where to act.
    @Test(arguments: ["sqlite", "plist"])
    func aLaterOccurrenceIsNotCheckedInPlaceOfTheOpenOne(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Water plants --every day")
        t.given("day dec 2")
        let before = try t.store.allItems()
        for command in ["check", "swipe", "edit"] {
            let out = run(t, command == "edit" ? "edit 1 --title Cactus" : "\(command) 1")
            #expect(out == ["error: \(command): row 1 is a later occurrence of \"Water plants\": \(command) its open one, on Sun Nov 29 2026"])
        }
        #expect(try t.store.allItems() == before)
        // A day before the open one, or the open day itself, shows no later occurrence.
        #expect(run(t, "day nov 29") == ["Sun Nov 29 2026", "To do", "  1  ↻ Water plants"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func theListInUseCountsOnlyItsOwnSeriesAndJSONSaysWhichRowsAreLater(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Water plants --every day")
        t.given("create Standup --date nov 30 --every weekday --list Work")
        t.given("use Work")
        // Of the seven days, the weekdays: the main list's daily item is not counted here.
        #expect(run(t, "view").dropFirst().map { $0.hasSuffix("1 item") } == [false, true, true, true, true, true, false])
        t.given("use all")
        t.given("set output json")
        let line = try #require(run(t, "day dec 1").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let later = try #require(object["later"] as? [[String: Any]])
        #expect(later.map { $0["title"] as? String } == ["Water plants", "Standup"])
        #expect(later.map { $0["n"] as? Int } == [1, 2] && later.map { $0["date"] as? String } == ["2026-11-29", "2026-11-30"], "each on its open day")
        #expect((object["items"] as? [Any])?.isEmpty == true)
    }
}
