import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Start dates through the shell, on both backends: `--start` read from today as `--date` is,
/// the week leaving out what has not started, a repeat's next occurrence keeping its start.
@Suite struct StartDateSessionTests {
    @Test(arguments: ["sqlite", "plist"])
    func aStartIsTypedShownAndCleared(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let today = ShellTester.today
        #expect(t.said("create Paint the fence --start tue 09:00")
            == ["created \"Paint the fence\" starting Tue Dec 1 2026 at 09:00"])
        #expect(try t.item(1).due == nil && t.item(1).start == DayTime(day: today.adding(days: 2), time: TimeOfDay(text: "09:00")))
        t.given("create Book the train --date fri --start tomorrow")
        #expect(try t.item(2).due == today.adding(days: 5) && t.item(2).start == DayTime(day: today.adding(days: 1)))
        #expect(t.said("list") == [
            "All items", "To do",
            "  1  Tue Dec 1    Paint the fence starts",
            "  2  Fri Dec 4    Book the train starts Mon Nov 30",
        ])
        // Each counts on the day it is listed on, started or not (the day says when it
        // starts); No date has nothing.
        let week = t.said("view")
        #expect(week.contains("  3  Tue Dec 1   1 item") && week.contains("  6  Fri Dec 4   1 item"))
        #expect(!week.contains { $0.contains("No date") })
        t.given("list")
        t.given("edit 2 --no-start")
        #expect(try t.item(2).start == nil)
        #expect(t.said("edit 1 --start mon --no-start") == ["error: edit: --start and --no-start cannot go together"])
        #expect(t.said("create X --start feb 30").first?.hasPrefix("error: create: cannot read the date \"feb 30\"") == true)
        #expect(t.said("edit 1 --start someday").first?.hasPrefix("error: edit: cannot read the date \"someday\"") == true)
        #expect(try t.store.counts().total == 2)
        // Undo names a start-only item by the day it is listed on, not "No date".
        #expect(t.said("undo").first == "undid the edit of \"Book the train\" (Fri Dec 4)")
        t.given("undo")
        #expect(t.said("undo").first == "undid the create of \"Paint the fence\" (Tue Dec 1)")
    }

    /// Checking a repeating item with a start makes the next one start as far before its day.
    @Test(arguments: ["sqlite", "plist"])
    func aRepeatsNextOccurrenceKeepsItsStartsDistance(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let today = ShellTester.today
        t.given("create Water the plants --date today --every week --start yesterday 08:00")
        t.given("list")
        t.given("check 1")
        let next = try #require(try t.store.items(.agenda).first { !$0.isDone })
        #expect(next.due == today.adding(days: 7))
        #expect(next.start == DayTime(day: today.adding(days: 6), time: TimeOfDay(text: "08:00")))
        #expect(t.said("open 1").contains("  Starts    Sat Dec 5 2026 at 08:00"))
        // A repeat given only a start is due on its start day, as Thunderbird's start-only repeat.
        t.given("create Bins --start fri 19:00 --every week")
        let bins = try #require(try t.store.items(.agenda).first { $0.title == "Bins" })
        #expect(bins.due == today.adding(days: 5) && bins.time == TimeOfDay(text: "19:00") && bins.repeats != nil)
    }
}
