import ErrandDomain
import Foundation
import Testing

/// Reminders as typed, as stored (canonical text) and as iCalendar durations, with their limits.
@Suite struct ReminderTests {
    let today = DueDay(year: 2026, month: 11, day: 30)!

    @Test func typedOffsetsAndMomentsReadToCanonicalText() throws {
        let cases: [(String, String)] = [
            ("30m", "-PT30M"), ("2h", "-PT2H"), ("1d", "-P1D"), ("0", "PT0S"), ("1h30m", "-PT1H30M"),
            ("1 w", "-P7D"), ("90 min", "-PT1H30M"), ("dec 3 08:00", "2026-12-03T08:00"),
            ("tomorrow 9:05", "2026-12-01T09:05"), ("2027-01-02T07:30", "2027-01-02T07:30"),
        ]
        for (typed, text) in cases {
            #expect(try Reminder.typed(typed, today: today).text == text, "\(typed)")
            // The text reads back as the same reminder.
            #expect(try Reminder(text: text) == Reminder.typed(typed, today: today))
        }
    }

    @Test func badInputIsOneLineNamingTheLimit() {
        let cases: [(String, String)] = [
            ("7300d", "at most a year before its due time"),
            ("999999999999w", "a reminder is a time before the due time"),
            ("dec 3", "a reminder at a moment needs a time"),
            ("later", "a reminder is a time before the due time"),
            ("-5m", "a reminder is a time before the due time"),
        ]
        for (typed, reason) in cases {
            #expect(throws: DomainError.self) { try Reminder.typed(typed, today: today) }
            do {
                _ = try Reminder.typed(typed, today: today)
            } catch {
                #expect(error.description.contains(reason), "\(typed): \(error.description)")
            }
        }
    }

    @Test func iCalendarDurationsReadWithTheirLimits() throws {
        #expect(Reminder.durationSeconds("-PT15M") == -900)
        #expect(Reminder.durationSeconds("-P1DT2H") == -93_600)
        #expect(Reminder.durationSeconds("+P2W") == 1_209_600)
        #expect(Reminder.durationSeconds("PT0S") == 0)
        for bad in ["", "P", "PT", "-P1H", "PT1D", "P1", "15M", "P1DT", "P9999999999D"] {
            #expect(Reminder.durationSeconds(bad) == nil, "\(bad)")
        }
        // Units one after another, each within its nine digits, summed past Int: refused, no trap.
        #expect(Reminder.durationSeconds("P" + String(repeating: "999999999W", count: 16_000)) == nil)
        #expect(throws: (any Error).self) { try Reminder(text: "P" + String(repeating: "999999999W", count: 16_000)) }
        // A server's runaway trigger is refused by name, not wrapped into a date.
        #expect {
            try Reminder(text: "P99999999D")
        } throws: { error in
            "\(error)".contains("at most a year from its due time")
        }
        #expect(try Reminder(text: "-P1DT2H") == .before(seconds: 93_600))
        #expect(try Reminder(text: "PT10M") == .before(seconds: -600))
        #expect(Reminder.durationText(seconds: -93_600) == "-P1DT2H")
        #expect(Reminder.durationText(seconds: 61) == "PT1M1S")
    }

    @Test func eachRingsAtItsLocalMomentAndSaysSo() throws {
        let due = DueDay(year: 2026, month: 12, day: 3)!
        let ten = TimeOfDay(hour: 10, minute: 0)
        let early = try Reminder.typed("30m", today: today)
        #expect(early.local(due: due, time: ten).map { "\($0.day.iso) \($0.time)" } == "2026-12-03 09:30")
        // Across midnight, and from the start of an all-day item's day.
        #expect(try Reminder.typed("11h", today: today).local(due: due, time: ten).map { "\($0.day.iso) \($0.time)" }
            == "2026-12-02 23:00")
        #expect(early.local(due: due, time: nil).map { "\($0.day.iso) \($0.time)" } == "2026-12-02 23:30")
        #expect(early.local(due: nil, time: nil) == nil)
        #expect(early.detail() == "30 min before")
        #expect(try Reminder.typed("1d2h", today: today).detail() == "1 day 2 h before")
        #expect(Reminder.before(seconds: 0).detail() == "at the due time")
        #expect(Reminder.before(seconds: -600).detail() == "10 min after")
        #expect(try Reminder.typed("dec 3 08:00", today: today).detail() == "Thu Dec 3 08:00")
    }

    @Test func anItemChecksItsRemindersAgainstItsDay() throws {
        let due = DueDay(year: 2026, month: 12, day: 3)!
        var item = TodoItem(id: UUID(), title: "Call", due: nil, created: Date(timeIntervalSince1970: 0))
        item.reminders = [.before(seconds: 1_800)]
        #expect {
            try item.validated()
        } throws: { error in
            "\(error)".contains("an item without a date cannot have a reminder before its due time")
        }
        item.due = due
        item.reminders = [.at(DueDay(year: 2006, month: 12, day: 3)!, TimeOfDay(hour: 8, minute: 0)!)]
        #expect {
            try item.validated()
        } throws: { error in
            "\(error)".contains("a reminder is at most a year from its due day (2026-12-03): got 2006-12-03 08:00")
        }
        item.fields[.reminders] = .words((0..<10_000).map { Reminder.durationText(seconds: -60 * $0) })
        #expect {
            try item.validated()
        } throws: { error in
            "\(error)".contains("an item holds at most 20 reminders")
        }
        item.fields[.reminders] = .words(["-PT30M", "-PT30M", " 2026-12-03T08:00 "])
        #expect(try item.validated().reminders == [.before(seconds: 1_800), .at(due, TimeOfDay(hour: 8, minute: 0)!)])
    }

    /// The list's ⏰ and `remind` count in the same local minutes: on the night clocks go
    /// forward in Paris, a reminder 2 h before 03:30 rings at 01:30 by the wall, and the mark
    /// stays until then (it went at 00:30, an hour early, when it counted elapsed time).
    @Test func theMarkAndTheRingingAgreeAcrossAChangeOfOffset() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let day = DueDay(year: 2026, month: 3, day: 29)!
        var item = TodoItem(id: UUID(), title: "Train", due: day, created: Date(timeIntervalSince1970: 0))
        item.time = TimeOfDay(hour: 3, minute: 30)
        item.reminders = [.before(seconds: 7_200)]
        // 22:00 UTC on Mar 28 to 02:00 UTC on Mar 29, every 15 minutes.
        let start = Double(day.dayNumber) * 86_400 - 2 * 3_600
        for step in 0...16 {
            let now = Date(timeIntervalSince1970: start + Double(step) * 900)
            let clock = Clock(timeZone: paris) { now }
            let minute = Reminder.minute(of: now, clock: clock)
            #expect(item.hasPendingReminder(clock: clock) == item.remindersDue(by: minute).isEmpty, "\(now)")
        }
        let atQuarterToOne = Date(timeIntervalSince1970: start + 1.75 * 3_600)
        #expect(item.hasPendingReminder(clock: Clock(timeZone: paris) { atQuarterToOne }))
    }

    /// Issue 23: an alarm before the start (Thunderbird's and Apple's `RELATED=START`) counts
    /// from the item's start, not its due time, and says so.
    @Test func aReminderBeforeTheStartRingsFromTheStart() throws {
        let fifteen = try Reminder.typed("15m before start", today: today)
        #expect(fifteen == .beforeStart(seconds: 900) && fifteen.text == "START:-PT15M" && fifteen.isFromStart)
        #expect(try Reminder(text: "START:-PT15M") == fifteen)
        #expect(try Reminder(text: "START:PT10M") == .beforeStart(seconds: -600))
        #expect(try Reminder.typed("start", today: today) == .beforeStart(seconds: 0))
        #expect(fifteen.detail() == "15 min before start")
        #expect(Reminder.beforeStart(seconds: 0).detail() == "at the start")
        #expect(Reminder.beforeStart(seconds: -600).detail() == "10 min after start")
        // Typed after the start too: Thunderbird's "after the task starts".
        #expect(try Reminder.typed("10m after start", today: today) == .beforeStart(seconds: -600))
        #expect(try Reminder.typed("1h after start", today: today).text == "START:PT1H")
        #expect {
            try Reminder.typed("soon after start", today: today)
        } throws: { error in
            "\(error)".contains("a reminder after the start is a time (15m after start, 1h after start): got \"soon after start\"")
        }
        #expect {
            try Reminder(text: "START:P99999999D")
        } throws: { error in
            "\(error)".contains("at most a year from its start")
        }
        let due = DueDay(year: 2026, month: 12, day: 3)!
        let start = DayTime(day: DueDay(year: 2026, month: 12, day: 1)!, time: TimeOfDay(hour: 9, minute: 0))
        #expect(fifteen.local(due: due, time: TimeOfDay(hour: 10, minute: 0), start: start).map { "\($0.day.iso) \($0.time)" }
            == "2026-12-01 08:45")
        // No start, nothing to count from.
        #expect(fifteen.local(due: due, time: nil, start: nil) == nil)
        var item = TodoItem(id: UUID(), title: "Stand-up", due: nil, created: Date(timeIntervalSince1970: 0))
        item.reminders = [fifteen]
        #expect {
            try item.validated()
        } throws: { error in
            "\(error)".contains("a reminder before the start needs a start")
        }
        // A start-only item (Thunderbird's task with DTSTART and no DUE) rings from its start.
        item.start = start
        let valid = try item.validated()
        #expect(valid.nextReminderMinute == Reminder.minute(start.day, TimeOfDay(hour: 8, minute: 45)!))
        // The start moves, the reminder with it.
        item.start = DayTime(day: start.day.adding(days: 1), time: start.time)
        #expect(item.nextReminderMinute == Reminder.minute(start.day.adding(days: 1), TimeOfDay(hour: 8, minute: 45)!))
    }
}
