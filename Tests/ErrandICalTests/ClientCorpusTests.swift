import ErrandDomain
import ErrandICal
import ErrandCalendarWire
import Foundation
import Testing

/// Other clients' VTODOs through Errand: what Errand does not own comes back byte for byte.
@Suite struct ClientCorpusTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func items(_ name: String, zone: String = "Europe/Berlin") throws -> [TodoItem] {
        try VTodoReader(zoneName: zone, now: now).read(try ClientCorpus.text(name), newID: UUID.init).items
    }

    func write(_ items: [TodoItem], zone: String = "Europe/Berlin") throws -> String {
        try #require(VTodoWriter(zoneName: zone).calendar(items))
    }

    /// Guards the arguments below: an empty or partial folder would pass them silently.
    @Test func theCorpusHoldsEveryClient() {
        let names = ClientCorpus.names
        for client in ["apple-reminders", "thunderbird", "nextcloud-tasks", "tasks-org", "em-client", "synology"] {
            #expect(names.filter { $0.hasPrefix(client) }.count >= 2, "\(client)")
        }
    }

    /// Import then export: every VTODO (with its alarms and occurrences) and every VTIMEZONE a
    /// VTODO names comes back exactly as the client wrote it, folds included.
    @Test(arguments: ClientCorpus.names)
    func importThenExportKeepsEveryByte(_ name: String) throws {
        let original = try ClientCorpus.text(name)
        let out = try write(try items(name))
        let todos = ClientCorpus.blocks("VTODO", in: original)
        for block in todos { #expect(out.contains(block), "\(name): \(block.prefix(200))") }
        #expect(ClientCorpus.blocks("VTODO", in: out).count == todos.count, "\(name)")
        let named = ClientCorpus.blocks("VTIMEZONE", in: original).filter { zone in
            todos.contains { todo in zone.components(separatedBy: "\r\n").contains { $0.hasPrefix("TZID:") && todo.contains("TZID=" + $0.dropFirst(5)) } }
        }
        for block in named { #expect(out.contains(block), "\(name): \(block.prefix(80))") }
        #expect(ClientCorpus.blocks("VTIMEZONE", in: out).count == named.count, "\(name)")
        #expect(!out.contains("X-LIC-ERROR"))
    }

    /// A check (or an uncheck) rewrites the status lines and the modification times; every
    /// other line stays where it was, as it was.
    @Test(arguments: ClientCorpus.names)
    func checkingRewritesOnlyTheStatusLines(_ name: String) throws {
        // The series alone: a finished occurrence is written inside it, never on its own.
        var list = try items(name).filter { !$0.isOccurrence }
        for i in list.indices {
            list[i].isDone.toggle()
            list[i].modified = now
        }
        let out = try write(list)
        let owned: Set<String> = ["STATUS", "COMPLETED", "PERCENT-COMPLETE", "LAST-MODIFIED", "DTSTAMP", "CREATED"]
        let before = ClientCorpus.todoLines(try ClientCorpus.text(name)).filter { !owned.contains(ClientCorpus.name(of: $0)) }
        let after = ClientCorpus.todoLines(out).filter { !owned.contains(ClientCorpus.name(of: $0)) }
        #expect(after == before, "\(name)")
        #expect(!out.contains("X-LIC-ERROR"))
        let back = try VTodoReader(zoneName: "Europe/Berlin", now: now).read(out, newID: UUID.init).items
        #expect(back.filter { !$0.isOccurrence }.map(\.isDone) == list.map(\.isDone), "\(name)")
        // The occurrences recorded apart are another client's: kept whole.
        for block in ClientCorpus.blocks("VTODO", in: try ClientCorpus.text(name)) where block.contains("RECURRENCE-ID") {
            #expect(out.contains(block), "\(name)")
        }
    }

    /// Issue 21: the phone's `CATEGORIES:home,errands` came back as two lines after a check,
    /// and todoman 4.1 then listed nothing.
    @Test func categoriesOnOneLineStayOnOneLineAfterACheck() throws {
        var item = try #require(try items("phone-categories.ics").first)
        item.isDone = true
        item.modified = now
        let out = try write([item])
        #expect(out.contains("\r\nCATEGORIES:home,errands\r\n"))
        #expect(out.components(separatedBy: "CATEGORIES").count == 2)
    }

    /// Issue 21: Synology's `LAST-MOD`, `PERCENT_COMPLETE` and empty `DESCRIPTION:` came back as
    /// X-LIC-ERROR lines, destroying them on the server.
    @Test func linesLibicalCannotParseComeBackAsWrittenAndNoErrorMarkerLeaves() throws {
        var item = try #require(try items("synology-done.ics").first)
        #expect(item.isDone)
        #expect(item.notes == nil)
        item.title = "Replace both smoke alarm batteries"
        item.modified = now
        let out = try write([item])
        for line in ["\r\nLAST-MOD:20261127T083000Z\r\n", "\r\nPERCENT_COMPLETE:100\r\n", "\r\nDESCRIPTION:\r\n",
                     "\r\nSUMMARY:Replace both smoke alarm batteries\r\n"] {
            #expect(out.contains(line), "\(line)")
        }
        #expect(!out.contains("X-LIC-ERROR"))
    }

    /// An error marker a kept text already holds (written by an older Errand) is not sent on.
    @Test func anErrorMarkerInKeptTextIsDropped() throws {
        let text = ICalText.calendar(ICalText.todo([
            "UID:old", "DTSTAMP:20261120T100000Z", "SUMMARY:old",
            "X-LIC-ERROR;X-LIC-ERRORTYPE=PROPERTY-PARSE-ERROR:Parse error in property name: LAST-MOD",
        ]))
        let item = try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
        let out = try write([item])
        #expect(!out.contains("X-LIC-ERROR"))
        #expect(out.contains("\r\nSUMMARY:old\r\n"))
    }

    @Test func alarmTriggersKeepTheirParameters() throws {
        var item = try #require(try items("tasks-org-repeating.ics").first)
        item.title = "Pay the rent"
        item.modified = now
        let out = try write([item])
        #expect(out.contains("\r\nTRIGGER;VALUE=DURATION:-P50D\r\n"))
        #expect(out.contains("\r\nTRIGGER;RELATED=END:PT0S\r\n"))
    }

    /// Thunderbird writes a daily task as DTSTART and RRULE, without DUE: it shows on its start
    /// day and repeats; moving it moves DTSTART and adds no DUE.
    @Test func aStartOnlyRepeatShowsOnItsStartDayAndKeepsRepeating() throws {
        var item = try #require(try items("thunderbird-daily-start-only.ics").first)
        #expect(item.due == DueDay(year: 2026, month: 12, day: 1))
        #expect(item.time == TimeOfDay(text: "09:00"))
        #expect(item.repeats?.description == "every day")
        item.due = DueDay(year: 2026, month: 12, day: 3)
        item.modified = now
        let out = try write([item])
        #expect(out.contains("\r\nDTSTART;TZID=Europe/Berlin:20261203T090000\r\n"))
        #expect(!out.contains("\r\nDUE"))
        #expect(out.contains("\r\nRRULE:FREQ=DAILY\r\n"))
        let back = try #require(try VTodoReader(zoneName: "Europe/Berlin", now: now).read(out, newID: UUID.init).items.first)
        #expect(back.due == item.due && back.repeats == item.repeats)
    }

    /// A finished occurrence recorded apart (RECURRENCE-ID, STATUS:COMPLETED): the series shows
    /// on its next open occurrence, each finished one is a done item of its own (its title, its
    /// day), and writing them back gives the client's VTODOs once each, as written.
    @Test(arguments: [("thunderbird-completed-occurrence.ics", 9, [2]), ("em-client-completed-occurrence.ics", 2, [30, 1])])
    func aCompletedOccurrenceMovesTheSeriesOn(_ name: String, _ day: Int, _ doneDays: [Int]) throws {
        let list = try items(name)
        let item = try #require(list.first)
        #expect(list.count == 1 + doneDays.count)
        #expect(item.due == DueDay(year: 2026, month: 12, day: day))
        #expect(!item.isDone && !item.isOccurrence)
        let done = list.dropFirst()
        #expect(done.allSatisfy { $0.isDone && $0.isOccurrence && $0.title == item.title && $0.repeats == nil })
        #expect(done.map { $0.due?.day } == doneDays)
        #expect(done.allSatisfy { Occurrence.seriesUID(of: $0.uid) == item.uid })
        #expect(ClientCorpus.blocks("VTODO", in: try write([item])) == ClientCorpus.blocks("VTODO", in: try ClientCorpus.text(name)))
        #expect(ClientCorpus.blocks("VTODO", in: try write(list)) == ClientCorpus.blocks("VTODO", in: try ClientCorpus.text(name)))
    }

    /// Thunderbird's occurrence has its own DUE (20:00 in Berlin): the done item is due then.
    @Test func aDoneOccurrenceKeepsItsOwnDueTime() throws {
        let done = try #require(try items("thunderbird-completed-occurrence.ics").last)
        #expect(done.due == DueDay(year: 2026, month: 12, day: 2))
        #expect(done.time == TimeOfDay(hour: 20, minute: 0))
        #expect(done.uid == "0c3d6f1e-98b2-4d3b-bb7a-5d0f4f2a7c11;RECURRENCE-ID=20261202T190000")
    }

    /// Reading the same file again gives the same UIDs: an import matches what it added before.
    @Test func aDoneOccurrenceReadsAsTheSameItemTwice() throws {
        let first = try items("em-client-completed-occurrence.ics").map(\.uid)
        #expect(try items("em-client-completed-occurrence.ics").map(\.uid) == first)
        #expect(Set(first).count == first.count)
    }

    /// A sync server sends one resource per UID: a series with its occurrences is one item,
    /// followed by the done items of its finished occurrences.
    @Test func aResourceWithOccurrencesIsOneItem() throws {
        let text = try ClientCorpus.text("em-client-completed-occurrence.ics")
        let items = try VTodoReader(zoneName: "UTC", now: now).readEach([text, text], newID: UUID.init)
        #expect(items.map(\.isOccurrence) == [false, true, true, false, true, true])
        #expect(Set(items.map(\.title)) == ["Morning run"])
    }
}

extension ClientCorpusTests {
    /// Two VTODOs of one UID without RECURRENCE-ID (two exports joined) are two items, as before;
    /// an occurrence that comes before its series still joins it.
    @Test func onlyOccurrencesJoinASeries() throws {
        let twice = ICalText.calendar(ICalText.todo(["UID:same", "SUMMARY:first"]) + ICalText.todo(["UID:same", "SUMMARY:second"]))
        #expect(try VTodoReader(zoneName: "UTC", now: now).read(twice, newID: UUID.init).items.map(\.title) == ["first", "second"])
        let early = ICalText.calendar(ICalText.todo(["UID:s", "SUMMARY:done one", "RECURRENCE-ID;VALUE=DATE:20261202",
                                                     "STATUS:COMPLETED"])
            + ICalText.todo(["UID:s", "SUMMARY:series", "DUE;VALUE=DATE:20261202", "RRULE:FREQ=DAILY"]))
        let items = try VTodoReader(zoneName: "UTC", now: now).read(early, newID: UUID.init).items
        #expect(items.map(\.title) == ["series", "done one"])
        #expect(items.map(\.isOccurrence) == [false, true])
        #expect(items.first?.due == DueDay(year: 2026, month: 12, day: 3))
        #expect(ClientCorpus.blocks("VTODO", in: try write(items)) == ClientCorpus.blocks("VTODO", in: early))
    }
}

extension ClientCorpusTests {
    /// A file with bare LF line ends (and folds) goes back with CRLF, its lines otherwise as written.
    @Test func bareLineFeedsComeBackAsCRLF() throws {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:lf\nSUMMARY:lf\nDESCRIPTION:a long\n  line\nX-A;X-P=\"a:b\":c\nEND:VTODO\nEND:VCALENDAR\n"
        let items = try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items
        #expect(items.first?.notes == "a long line")
        let out = try write(items)
        #expect(out.contains("BEGIN:VTODO\r\nUID:lf\r\nSUMMARY:lf\r\nDESCRIPTION:a long\r\n  line\r\nX-A;X-P=\"a:b\":c\r\nEND:VTODO\r\n"))
    }
}
