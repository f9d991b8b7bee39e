import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Reminders through the shell as a person types them: `--remind` on create and edit, the
/// detail's lines, the list's mark while one is still to ring, JSON with each moment.
@Suite struct RemindersSessionTests {
    /// A failed create draws an id too, so items are found by title here.
    func titled(_ t: ShellTester, _ title: String) throws -> TodoItem? {
        try t.store.allItems().first { $0.title == title }
    }

    @Test(arguments: ["sqlite", "plist"])
    func createEditAndShowReminders(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        // Today is Sun Nov 29 2026, now its noon.
        t.given("create Call mum --date \"dec 3 10:00\" --remind 30m --remind \"dec 3 08:00\"")
        #expect(try t.item(1).fields[.reminders] == .words(["-PT30M", "2026-12-03T08:00"]))
        #expect(t.said("day dec 3") == ["Thu Dec 3 2026", "To do", "  1  10:00    Call mum ⏰"])
        #expect(t.said("open 1") == [
            "Call mum", "  Due       Thu Dec 3 2026 at 10:00", "  Remind    30 min before", "  Remind    Thu Dec 3 08:00",
            "  State     to do",
        ])
        t.given("day dec 3")
        t.given("edit 1 --remind 1d")
        #expect(try t.item(1).fields[.reminders] == .words(["-P1D"]))
        t.given("set output json")
        let json = t.said("day dec 3").joined()
        #expect(json.contains(#""reminders":[{"when":"-P1D","fires":"2026-12-02T10:00"}]"#))
        t.given("set output text")
        t.given("day dec 3")
        t.given("edit 1 --no-remind")
        #expect(try t.item(1).reminders.isEmpty)
        #expect(t.said("day dec 3") == ["Thu Dec 3 2026", "To do", "  1  10:00    Call mum"])
        t.given("undo")
        #expect(try t.item(1).reminders == [.before(seconds: 86_400)])
    }

    /// Issue 23: a reminder before the start, typed or from Thunderbird, shown as such, ringing
    /// from the start, and refused in one line where there is no start (or no start time) to count from.
    @Test(arguments: ["sqlite", "plist"])
    func aReminderBeforeTheStartIsShownAndRingsFromIt(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Report --date \"dec 3 17:00\" --start \"dec 1 09:00\" --remind \"15m before start\"")
        #expect(try t.item(1).fields[.reminders] == .words(["START:-PT15M"]))
        t.given("list")
        #expect(t.said("open 1").contains("  Remind    15 min before start"))
        t.given("set output json")
        #expect(t.said("list").joined().contains(#""reminders":[{"when":"START:-PT15M","fires":"2026-12-01T08:45"}]"#))
        t.given("set output text")
        #expect(t.said("create Nothing --date \"dec 3 10:00\" --remind \"15m before start\"")
            == ["error: a reminder before the start needs a start: give --start, or --no-remind"])
        #expect(t.said("create Allday --date \"dec 3 10:00\" --start dec 1 --remind start")
            == ["error: create: a reminder before the start needs a start time: give --start \"DAY HH:MM\", or remind at a moment (--remind \"dec 3 08:00\")"])
        // Without the start, the item cannot keep a reminder counted from it.
        t.given("list")
        #expect(t.said("edit 1 --no-start").first?.contains("a reminder before the start needs a start") == true)
        #expect(try t.item(1).start != nil)
    }

    /// A reminder after the start (Thunderbird's "after the task starts"), typed here.
    @Test(arguments: ["sqlite", "plist"])
    func aReminderAfterTheStartRingsAfterIt(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Report --date \"dec 3 17:00\" --start \"dec 1 09:00\" --remind \"15m after start\"")
        #expect(try t.item(1).fields[.reminders] == .words(["START:PT15M"]))
        t.given("list")
        #expect(t.said("open 1").contains("  Remind    15 min after start"))
        t.given("set output json")
        #expect(t.said("list").joined().contains(#""reminders":[{"when":"START:PT15M","fires":"2026-12-01T09:15"}]"#))
    }

    /// Ringing is journaled (issue 40): undo brings what rang back, to ring again, and the
    /// undo steps before it still apply, the edit's included.
    @Test(arguments: ["sqlite", "plist"])
    func undoStillWorksAfterAReminderRang(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Past --date \"today 10:00\" --remind \"today 08:00\"")
        t.given("list")
        t.given("edit 1 --title Past due")
        #expect(t.said("remind").contains { $0.contains("Past due") })
        #expect(try titled(t, "Past due")?.reminded != nil)
        #expect(t.said("remind").isEmpty, "nothing rings twice")
        #expect(t.said("undo").first?.hasPrefix("undid the remind") == true)
        #expect(try titled(t, "Past due")?.reminded == nil, "undo brings the reminder back")
        #expect(t.said("remind").contains { $0.contains("Past due") })
        #expect(t.said("undo").first?.hasPrefix("undid the remind") == true)
        #expect(t.said("undo").first?.hasPrefix("undid the edit of") == true)
        #expect(try titled(t, "Past") != nil)
        #expect(t.said("undo").first?.hasPrefix("undid the create of") == true)
        #expect(try t.store.allItems().isEmpty)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aReminderThatRangOrADoneItemIsNotMarked(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        // Rang at 08:00 today (now is noon), and one still to ring.
        t.given("create Past --date \"today 10:00\" --remind \"today 08:00\"")
        t.given("create Later --date \"today 18:00\" --remind 1h")
        #expect(t.said("day today") == ["Sun Nov 29 2026", "To do", "  1  10:00    Past", "  2  18:00    Later ⏰"])
        t.given("check 2")
        #expect(t.said("day today").last == "  2  18:00  ✓ Later")
    }

    @Test(arguments: ["sqlite", "plist"])
    func badRemindersAreOneLineAndSaveNothing(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        #expect(t.said("create Plain --remind 30m") == [
            "error: create: a reminder before the due time needs a due time: give --date \"DAY HH:MM\", "
                + "or remind at a moment (--remind \"dec 3 08:00\")",
        ])
        #expect(t.said("create Undated --no-date --remind 30m") == [
            "error: an item without a date cannot have a reminder before its due time: give it a date, "
                + "or a reminder at a moment (--remind \"dec 3 08:00\"; edit: --no-remind)",
        ])
        #expect(t.said("create Far --date \"dec 3 10:00\" --remind 7300d")
            == ["error: create: a reminder is at most a year before its due time: got \"7300d\""])
        #expect(t.said("create Old --date \"dec 3 10:00\" --remind \"2006-12-03 08:00\"")
            == ["error: a reminder is at most a year from its due day (2026-12-03): got 2006-12-03 08:00"])
        #expect(t.said("create Vague --date \"dec 3 10:00\" --remind \"dec 4\"")
            == ["error: create: a reminder at a moment needs a time: \"dec 4 09:00\""])
        #expect(try t.store.counts().total == 0)
        // Taking the time away from reminders that count from it is refused too.
        t.given("create Timed --date \"dec 3 10:00\" --remind 30m")
        t.given("day dec 3")
        #expect(t.said("edit 1 --no-time") == [
            "error: edit: a reminder before the due time needs a due time: give --time HH:MM, "
                + "or remind at a moment (--remind \"dec 3 08:00\")",
        ])
        #expect(try titled(t, "Timed")?.time == TimeOfDay(hour: 10, minute: 0))
        // An undated item may ring at a moment.
        t.given("create Whenever --no-date --remind \"dec 5 09:00\"")
        #expect(try titled(t, "Whenever")?.reminders == [.at(DueDay(year: 2026, month: 12, day: 5)!, TimeOfDay(hour: 9, minute: 0)!)])
    }

    /// The keyboard's loop asks before each prompt: what rang since is printed above it, once.
    @Test(arguments: ["sqlite", "plist"])
    func aReminderThatRangAtThePromptIsPrintedAboveTheNext(_ backend: String) throws {
        let directory = NSTemporaryDirectory() + "errand-prompt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try StoreOpener.open(path: directory + "/store." + backend, backend: try #require(StoreBackend(rawValue: backend)))
        defer { store.close() }
        let today = DueDay(year: 2026, month: 12, day: 3)!
        let now = Moment(Date(timeIntervalSince1970: Double(today.dayNumber) * 86_400 + 9 * 3_600))
        let clock = Clock(timeZone: TimeZone(secondsFromGMT: 0), fixedToday: today) { now.value }
        let interpreter = Interpreter(environment: ShellEnvironment(store: store, clock: clock, labeler: .english,
                                                                   workingDirectory: directory, home: directory))
        let sink = MemorySink()
        let runner = Runner(interpreter: interpreter, sink: sink)
        runner.runOne("create Call mum --date \"today 10:00\" --remind 30m")
        sink.reset()
        runner.remindAbovePrompt()
        #expect(sink.all.isEmpty)
        now.value = now.value.addingTimeInterval(31 * 60)
        runner.remindAbovePrompt()
        #expect(sink.all == ["Thu Dec 3 09:30  Call mum (due Thu Dec 3 at 10:00, 30 min before)"])
        sink.reset()
        runner.remindAbovePrompt()
        #expect(sink.all.isEmpty)
    }

    /// Moves the shell's clock to Nov 29 2026 at hh:mm UTC.
    func at(_ t: ShellTester, _ hour: Int, _ minute: Int) {
        let moment = Date(timeIntervalSince1970: Double(ShellTester.today.dayNumber) * 86_400 + Double(hour * 3_600 + minute * 60))
        t.interpreter.environment.clock = Clock(timeZone: TimeZone(secondsFromGMT: 0), fixedToday: ShellTester.today) { moment }
    }

    /// `snooze`: what rang is dismissed, the item rings again once at the time given; undo
    /// takes the snooze back; an item without a reminder, a done one, a time past or too far
    /// are one line each and change nothing.
    @Test(arguments: ["sqlite", "plist"])
    func aSnoozedReminderRingsAgainOnce(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Call --date \"today 10:00\" --remind 30m")
        t.given("create Bake --date today")
        at(t, 9, 31)
        #expect(t.said("remind") == ["Sun Nov 29 09:30  Call (due Sun Nov 29 at 10:00, 30 min before)"])
        t.given("day today")
        #expect(t.said("snooze 1") == [
            "snoozed \"Call\" until Sun Nov 29 09:41", "Sun Nov 29 2026", "To do", "  1  10:00    Call ⏰", "  2           Bake",
        ])
        #expect(t.said("open 1").contains("  Snoozed   until Sun Nov 29 09:41"))
        t.given("back")
        at(t, 9, 40)
        #expect(t.said("remind").isEmpty)
        at(t, 9, 45)
        #expect(t.said("remind") == ["Sun Nov 29 09:41  Call (due Sun Nov 29 at 10:00)"])
        #expect(t.said("remind").isEmpty, "a snooze rings once")
        #expect(try titled(t, "Call")?.snoozed == nil)
        // Undo of a snooze puts it back off; what rang stays rung.
        t.given("day today")
        t.given("snooze 1 \"today 11:00\"")
        #expect(try titled(t, "Call")?.snoozed == Reminder.minute(ShellTester.today, TimeOfDay(hour: 11, minute: 0)!))
        t.given("undo")
        #expect(try titled(t, "Call")?.snoozed == nil)
        at(t, 11, 5)
        #expect(t.said("remind").isEmpty)
        t.given("day today")
        let before = try t.store.allItems()
        #expect(t.said("snooze 2") == ["error: snooze: \"Bake\" has no reminder to put off (add one with edit N --remind 30m)"])
        // Issue 40: a reminder still to come is not dismissed by a snooze.
        t.given("create Later --date \"today 18:00\" --remind 1h")
        t.given("day today")
        #expect(t.said("snooze 2") == ["error: snooze: \"Later\" has not rung yet: edit N --remind WHEN moves its reminder"])
        #expect(try titled(t, "Later")?.reminded == nil && titled(t, "Later")?.snoozed == nil)
        t.given("swipe 2")
        #expect(t.said("snooze 1 09:00") == ["error: snooze: \"09:00\" is not to come: give a wait (10m) or a later time"])
        #expect(t.said("snooze 1 2w") == ["error: snooze: at most a week ahead (for later, edit N --remind)"])
        #expect(t.said("snooze 1 soon") == [
            "error: snooze: WHEN is how long (10m, 1h, 1d) or a day and time (18:00, dec 3 08:00): got \"soon\"",
        ])
        t.given("check 1")
        t.given("day today")
        #expect(t.said("snooze 2") == ["error: snooze: \"Call\" is done: nothing rings for it"])
        #expect(try t.store.allItems().filter { $0.title == "Bake" } == before.filter { $0.title == "Bake" })
    }

    /// A snooze is for the occurrence it was made on: the next one of a repeating item starts
    /// with nothing rung and nothing snoozed. Undo of a snooze puts back what the snooze
    /// dismissed, when nothing rang since.
    @Test(arguments: ["sqlite", "plist"])
    func aSnoozeStaysWithItsOccurrenceAndItsUndoBringsBackWhatItDismissed(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pills --date \"today 10:00\" --remind 0 --every day")
        at(t, 10, 1)
        t.given("day today")
        t.given("snooze 1 30m")
        t.given("check 1")
        let next = try #require(try t.store.allItems().first { !$0.isDone })
        #expect(next.snoozed == nil && next.reminded == nil)
        at(t, 10, 35)
        #expect(t.said("remind").isEmpty, "the done one's snooze does not ring for the next")
        // Snoozed once its reminder was due but before remind printed it, then undone: it
        // rings after all.
        t.given("create Call --date \"today 10:30\" --remind 15m")
        t.given("day today")
        at(t, 10, 20)
        t.given("snooze 1 1h")
        #expect(try titled(t, "Call")?.reminded != nil)
        t.given("undo")
        let call = try #require(try titled(t, "Call"))
        #expect(call.reminded == nil && call.snoozed == nil)
        #expect(t.said("remind") == ["Sun Nov 29 10:15  Call (due Sun Nov 29 at 10:30, 15 min before)"])
    }
}
