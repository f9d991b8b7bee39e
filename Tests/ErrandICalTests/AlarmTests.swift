import ErrandDomain
import ErrandICal
import ErrandCalendarWire
import Foundation
import Testing

/// Reminders as VALARMs, with VTODOs as Thunderbird, tasks.org, Nextcloud Tasks and Apple
/// Reminders write them: another client's alarm is shown and kept byte for byte, one added
/// here is a new VALARM, and removing one removes only that one.
@Suite struct AlarmTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let zone = "Europe/Berlin"

    func item(_ name: String) throws -> TodoItem {
        try #require(try VTodoReader(zoneName: zone, now: now).read(try ClientCorpus.text(name), newID: UUID.init).items.first)
    }

    func write(_ items: [TodoItem]) throws -> String {
        try #require(VTodoWriter(zoneName: zone).calendar(items))
    }

    func read(_ text: String) throws -> TodoItem {
        try #require(try VTodoReader(zoneName: zone, now: now).read(text, newID: UUID.init).items.first)
    }

    static let clients: [(String, [String])] = [
        // Berlin is UTC+1 in December: 07:00Z is 08:00 here. The e-mail alarm is not a reminder.
        ("thunderbird-alarms.ics", ["-PT30M", "2026-12-03T08:00"]),
        ("tasks-org-alarms.ics", ["PT0S", "-PT1H", "2026-12-04T09:00"]),
        ("nextcloud-tasks-alarms.ics", ["-PT15H", "2026-12-04T19:00"]),
        // The location alarm (X-APPLE-PROXIMITY, a 1976 placeholder time) is not a reminder.
        ("apple-reminders-alarms.ics", ["2026-12-06T09:00"]),
        // TRIGGER 5 minutes before DTSTART (15 minutes before DUE): counted from the start.
        ("thunderbird-weekdays.ics", ["START:-PT5M"]),
    ]

    @Test(arguments: clients)
    func anotherClientsAlarmsAreShownAsReminders(_ name: String, _ expected: [String]) throws {
        let read = try item(name)
        #expect(read.fields[.reminders] == .words(expected), "\(name)")
        #expect(read.damage == nil)
    }

    @Test(arguments: clients.map(\.0))
    func oneAddedHereIsANewAlarmAndTheirsStayByteForByte(_ name: String) throws {
        var edited = try item(name)
        let original = try ClientCorpus.text(name)
        edited.reminders.append(.before(seconds: 600))
        let out = try write([edited])
        for alarm in ClientCorpus.blocks("VALARM", in: original) { #expect(out.contains(alarm), "\(name): \(alarm)") }
        #expect(out.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:"))
        #expect(out.contains("TRIGGER;RELATED=END:-PT10M\r\nEND:VALARM\r\n"))
        #expect(ClientCorpus.blocks("VALARM", in: out).count == ClientCorpus.blocks("VALARM", in: original).count + 1)
        #expect(try read(out).reminders == edited.reminders)
    }

    @Test func removingOneRemovesOnlyThatAlarm() throws {
        var edited = try item("thunderbird-alarms.ics")
        let original = try ClientCorpus.text("thunderbird-alarms.ics")
        let alarms = ClientCorpus.blocks("VALARM", in: original)
        edited.reminders.removeFirst()
        let out = try write([edited])
        #expect(!out.contains(alarms[0]))
        #expect(out.contains(alarms[1]) && out.contains(alarms[2]))
        #expect(try read(out).fields[.reminders] == .words(["2026-12-03T08:00"]))
        // None left: the e-mail alarm is still not Errand's to remove.
        edited.reminders = []
        let bare = try write([edited])
        #expect(ClientCorpus.blocks("VALARM", in: bare) == [alarms[2]])
    }

    @Test func oneMadeHereIsWrittenRelativeToDueOrInUTC() throws {
        var made = TodoItem(id: UUID(), title: "Call mum, then dad", due: DueDay(year: 2026, month: 12, day: 3),
                            time: TimeOfDay(hour: 10, minute: 0), created: now)
        made.reminders = [.before(seconds: 1_800), .at(DueDay(year: 2026, month: 12, day: 3)!, TimeOfDay(hour: 8, minute: 0)!)]
        let out = try write([made])
        #expect(out.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call mum\\, then dad\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM\r\n"))
        #expect(out.contains("TRIGGER;VALUE=DATE-TIME:20261203T070000Z\r\n"))
        #expect(try read(out).reminders == made.reminders)
        // Unchanged, nothing is rewritten.
        let again = try write([try read(out)])
        #expect(ClientCorpus.blocks("VALARM", in: again) == ClientCorpus.blocks("VALARM", in: out))
    }

    @Test func runawayAlarmsCostOnlyTheReminders() throws {
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT5M", "END:VALARM"]
        var lines = ["UID:many", "SUMMARY:Many alarms", "DUE;VALUE=DATE:20261202", "PRIORITY:1"]
        for _ in 0..<1_000 { lines += alarm }
        let many = try read(ICalText.calendar(ICalText.todo(lines)))
        #expect(many.title == "Many alarms" && many.priority == 1 && many.reminders.isEmpty)
        #expect(many.damage == "VALARM not read: an item holds at most 20 reminders: this one has more")
        // Kept whole: sent back as they came.
        #expect(ClientCorpus.blocks("VALARM", in: try write([many])).count == 1_000)
        // Ten thousand are past what one VTODO may weigh: refused in one line, nothing read.
        for _ in 0..<9_000 { lines += alarm }
        #expect {
            _ = try read(ICalText.calendar(ICalText.todo(lines)))
        } throws: { error in
            "\(error)" == "VTODO 1: larger than 256 KB"
        }
        let far = try read(ICalText.calendar(ICalText.todo(["UID:far", "SUMMARY:Far", "DUE;VALUE=DATE:20261202",
                                                            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:P99999999D", "END:VALARM"])))
        #expect(far.title == "Far" && far.reminders.isEmpty)
        #expect(far.damage == "VALARM not read: a reminder is at most a year from its due time: got \"P99999999D\"")
        let year = try read(ICalText.calendar(ICalText.todo(["UID:y", "SUMMARY:Y", "DUE;VALUE=DATE:20261202",
                                                             "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P400D", "END:VALARM"])))
        #expect(year.damage == "VALARM not read: a reminder is at most a year from its due time: got \"-P400D\"")
    }

    @Test func theWireCarriesReminders() throws {
        var made = TodoItem(id: UUID(), title: "t", due: DueDay(year: 2026, month: 12, day: 3), created: now)
        made.reminders = [.before(seconds: 0), .at(DueDay(year: 2026, month: 12, day: 3)!, TimeOfDay(hour: 8, minute: 0)!)]
        let batch = CalendarWire.Batch(items: [made], skipped: [])
        let back = try CalendarWire.decode(CalendarWire.encode(batch), newID: { made.id })
        #expect(back == batch)
    }

    /// Rung here: X-MOZ-LASTACK says when, in UTC, and Thunderbird's snooze goes, so neither
    /// Thunderbird nor tasks.org rings it again after a sync; theirs silences it here.
    @Test func ringingHereWritesLastAckAndDropsTheSnooze() throws {
        let acked = try item("tasks-org-alarms.ics")
        // 10:30Z is 11:30 in Berlin.
        #expect(acked.fields[.reminded] == .words(["2026-11-26T11:30"]))
        var snoozed = try item("thunderbird-snoozed-html-notes.ics")
        #expect(snoozed.reminded == nil)
        // Thunderbird's snooze until 08:00Z, 09:00 in Berlin, rings here too.
        #expect(snoozed.fields[.snoozed] == .words(["2026-12-14T09:00"]))
        // Rung at 09:05 (ItemRecords.ringReminders): marked rung, the snooze spent.
        snoozed.reminded = Reminder.minute(DueDay(year: 2026, month: 12, day: 14)!, TimeOfDay(hour: 9, minute: 5)!)
        snoozed.snoozed = nil
        snoozed.modified = now
        let out = try write([snoozed])
        #expect(out.contains("\r\nX-MOZ-LASTACK:20261214T080500Z\r\n"))
        #expect(!out.contains("X-MOZ-SNOOZE-TIME"))
        let original = try ClientCorpus.text("thunderbird-snoozed-html-notes.ics")
        for alarm in ClientCorpus.blocks("VALARM", in: original) { #expect(out.contains(alarm)) }
        #expect(try read(out).reminded == snoozed.reminded)
        // Unchanged, theirs goes back as written.
        #expect(try write([acked]).contains("\r\nX-MOZ-LASTACK:20261126T103000Z\r\n"))
    }

    /// A phone's alarm before a due time the VTODO does not have: the item is read, the alarm
    /// is kept (not shown), and an edit here sends it back as it came.
    @Test func aRelativeAlarmWithoutADueDayIsKeptNotShown() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:undated@phone", "SUMMARY:Someday",
                                                    "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM"]))
        var undated = try read(text)
        #expect(undated.reminders.isEmpty && undated.damage == nil)
        undated.title = "Someday, maybe"
        undated.reminders = [.at(DueDay(year: 2026, month: 12, day: 5)!, TimeOfDay(hour: 9, minute: 0)!)]
        let out = try write([undated])
        #expect(out.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n"))
        #expect(out.contains("TRIGGER;VALUE=DATE-TIME:20261205T080000Z"))
    }

    /// Snoozed here: X-MOZ-SNOOZE-TIME in UTC beside the LASTACK, as Thunderbird writes a
    /// snooze, read back as it was; the other lines as they came.
    @Test func aSnoozeHereIsThunderbirdsSnooze() throws {
        var item = try item("tasks-org-alarms.ics")
        let day = DueDay(year: 2026, month: 11, day: 26)!
        item.reminded = Reminder.minute(day, TimeOfDay(hour: 11, minute: 40)!)
        item.snoozed = Reminder.minute(day, TimeOfDay(hour: 11, minute: 50)!)
        item.modified = now
        let out = try write([item])
        // Berlin is UTC+1 in November.
        #expect(out.contains("\r\nX-MOZ-SNOOZE-TIME:20261126T105000Z\r\n") && out.contains("\r\nX-MOZ-LASTACK:20261126T104000Z\r\n"))
        let back = try read(out)
        #expect(back.snoozed == item.snoozed && back.reminded == item.reminded)
        for alarm in ClientCorpus.blocks("VALARM", in: try ClientCorpus.text("tasks-org-alarms.ics")) { #expect(out.contains(alarm)) }
        // Spent: the line goes.
        var spent = back
        spent.snoozed = nil
        #expect(!(try write([spent]).contains("X-MOZ-SNOOZE-TIME")))
    }

    /// Issue 23: Thunderbird and Apple write `TRIGGER;RELATED=START` on a task with a start.
    /// Read as a reminder before the start (on a start-only task too), it rings from the start
    /// wherever the start moves, and the alarm goes back byte for byte.
    @Test func anAlarmBeforeTheStartCountsFromTheStartAndGoesBackAsItCame() throws {
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION;RELATED=START:-PT15M",
                     "DESCRIPTION:Default Mozilla Description", "END:VALARM"]
        let text = ICalText.calendar(ICalText.todo(["UID:start@thunderbird", "SUMMARY:Report", "DTSTART:20261201T090000",
                                                    "DUE:20261203T170000"] + alarm))
        var report = try read(text)
        #expect(report.reminders == [.beforeStart(seconds: 900)])
        #expect(report.start == DayTime(day: DueDay(year: 2026, month: 12, day: 1)!, time: TimeOfDay(hour: 9, minute: 0)))
        #expect(report.nextReminderMinute == Reminder.minute(DueDay(year: 2026, month: 12, day: 1)!, TimeOfDay(hour: 8, minute: 45)!))
        // The start moved here: the alarm follows it, its lines as they came.
        report.start = DayTime(day: DueDay(year: 2026, month: 12, day: 2)!, time: TimeOfDay(hour: 9, minute: 0))
        report.title = "Report, draft"
        let out = try write([report])
        #expect(out.contains((alarm.joined(separator: "\r\n")) + "\r\n"))
        #expect(ClientCorpus.blocks("VALARM", in: out).count == 1)
        let back = try read(out)
        #expect(back.reminders == [.beforeStart(seconds: 900)] && back.start == report.start)
        // A start-only task (Thunderbird's "start" without a due date) rings from its start.
        let startOnly = try read(ICalText.calendar(ICalText.todo(["UID:only@thunderbird", "SUMMARY:Begin",
                                                                  "DTSTART:20261201T090000"] + alarm)))
        #expect(startOnly.due == nil && startOnly.reminders == [.beforeStart(seconds: 900)])
        #expect(startOnly.nextReminderMinute == Reminder.minute(DueDay(year: 2026, month: 12, day: 1)!, TimeOfDay(hour: 8, minute: 45)!))
        // Apple's DTSTART equal to DUE is no start of its own: the alarm counts from DUE.
        let apple = try read(ICalText.calendar(ICalText.todo(["UID:same@apple", "SUMMARY:Same", "DTSTART:20261201T090000",
                                                              "DUE:20261201T090000", "BEGIN:VALARM", "ACTION:DISPLAY",
                                                              "TRIGGER:-PT15M", "END:VALARM"])))
        #expect(apple.start == nil && apple.reminders == [.before(seconds: 900)])
    }

    @Test func oneBeforeTheStartMadeHereIsRelatedToTheStart() throws {
        var made = TodoItem(id: UUID(), title: "Stand-up", due: DueDay(year: 2026, month: 12, day: 3),
                            time: TimeOfDay(hour: 10, minute: 0), created: now)
        made.start = DayTime(day: DueDay(year: 2026, month: 12, day: 3)!, time: TimeOfDay(hour: 9, minute: 30))
        made.reminders = [.beforeStart(seconds: 600)]
        let out = try write([made])
        #expect(out.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Stand-up\r\nTRIGGER;RELATED=START:-PT10M\r\nEND:VALARM\r\n"))
        #expect(try read(out).reminders == made.reminders)
    }
}
