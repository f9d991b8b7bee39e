import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// `import FILE.ics` and `export FILE.ics` through the real errand-ical helper (built beside
/// the test binary), on both backends.
@Suite struct ICalendarSessionTests {
    /// The output of one command (its session is not the point here).
    func run(_ t: ShellTester, _ line: String) -> [String] {
        t.sink.reset()
        t.runner.runOne(line)
        return t.sink.all
    }

    func file(_ t: ShellTester, _ name: String, _ lines: [String]) throws {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN"] + lines + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: t.directory + "/" + name))
    }

    func read(_ t: ShellTester, _ name: String) throws -> String {
        try String(contentsOfFile: t.directory + "/" + name, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
    }

    static let phone = [
        "BEGIN:VTODO", "UID:3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop", "DTSTAMP:20261120T100000Z",
        "LAST-MODIFIED:20261121T100000Z", "SUMMARY:Dentist", "DUE:20261202T093000Z", "PRIORITY:1",
        "CATEGORIES:health,family", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M",
        "END:VALARM", "END:VTODO",
        "BEGIN:VTODO", "UID:someday@phone", "DTSTAMP:20261120T100000Z", "SUMMARY:Read \u{1B}[31mWar and Peace",
        "END:VTODO",
        "BEGIN:VEVENT", "UID:meeting@phone", "DTSTAMP:20261120T100000Z", "DTSTART:20261201T100000Z", "END:VEVENT",
    ]

    @Test(arguments: ["sqlite", "plist"])
    func alarmsAndCategoriesSurviveImportEditExport(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        try file(t, "phone.ics", Self.phone)
        #expect(run(t, "import phone.ics").first
            == "imported 2 items from phone.ics (iCalendar): 2 new, 0 updated; skipped 1 VEVENT (Errand keeps to-dos only)")
        let dentist = try #require(try t.store.item(uid: "3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop"))
        #expect(dentist.due == DueDay(year: 2026, month: 12, day: 2) && dentist.time == TimeOfDay(text: "09:30"))
        let someday = try #require(try t.store.item(uid: "someday@phone"))
        #expect(someday.due == nil)
        // Shown safely: the escape never reaches the terminal. The phone's PRIORITY and
        // CATEGORIES are the item's priority and tags.
        #expect(run(t, "list") == ["All items", "To do", "  1  Wed Dec 2  09:30    !!! Dentist #health #family ⏰",
                                   "  2  No date                 Read \u{FFFD}[31mWar and Peace"])
        #expect(run(t, "open 1") == ["Dentist", "  Due       Wed Dec 2 2026 at 09:30", "  Priority  high (1)",
                                     "  Tags      health, family", "  Remind    15 min before", "  State     to do",
                                     "  UID       3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop"])
        t.given("back")
        t.given("edit 1 --title \"Dentist, confirmed\" --date dec 3")
        #expect(run(t, "export out.ics") == ["exported 2 items to out.ics (iCalendar)"])
        let text = try read(t, "out.ics")
        for kept in ["BEGIN:VALARM", "TRIGGER:-PT15M", "CATEGORIES:health,family", "PRIORITY:1",
                     "UID:3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop", "SUMMARY:Dentist\\, confirmed",
                     "DUE:20261203T093000Z", "LAST-MODIFIED:20261129T120000Z", "UID:someday@phone"] {
            #expect(text.contains(kept), "\(kept)")
        }
        #expect(!text.contains("VEVENT"))
        // Read back into a second store: the same items.
        let other = try ShellTester(backend: backend)
        try FileManager.default.copyItem(atPath: t.directory + "/out.ics", toPath: other.directory + "/in.ics")
        #expect(run(other, "import in.ics").first == "imported 2 items from in.ics (iCalendar): 2 new, 0 updated")
        #expect(try other.store.item(uid: dentist.uid)?.title == "Dentist, confirmed")
        #expect(try other.store.item(uid: "someday@phone")?.icalendar?.contains("\u{1B}") == true)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aKnownUIDIsUpdatedWhenNewerAndTheImportIsOneUndoStep(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        try file(t, "v1.ics", Self.phone)
        t.given("import v1.ics")
        let before = try #require(try t.store.item(uid: "someday@phone"))
        var newer = Self.phone
        newer[newer.firstIndex(of: "LAST-MODIFIED:20261121T100000Z") ?? 0] = "LAST-MODIFIED:20261125T100000Z"
        newer[newer.firstIndex(of: "SUMMARY:Dentist") ?? 0] = "SUMMARY:Dentist at 10"
        newer.insert(contentsOf: ["BEGIN:VTODO", "UID:new@phone", "SUMMARY:New one", "END:VTODO"], at: 0)
        try file(t, "v2.ics", newer)
        #expect(run(t, "import v2.ics").first
            == "imported 2 items from v2.ics (iCalendar): 1 new, 1 updated; 1 already up to date; skipped 1 VEVENT (Errand keeps to-dos only)")
        #expect(try t.store.item(uid: "3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop")?.title == "Dentist at 10")
        #expect(try t.store.counts().total == 3)
        #expect(run(t, "undo").first == "undid the import of 2 items")
        #expect(try t.store.item(uid: "3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop")?.title == "Dentist")
        #expect(try t.store.item(uid: "new@phone") == nil)
        #expect(try t.store.item(uid: "someday@phone") == before)
        // An older copy changes nothing.
        #expect(run(t, "import v1.ics").first
            == "imported 0 items from v1.ics (iCalendar): 0 new, 0 updated; 2 already up to date; skipped 1 VEVENT (Errand keeps to-dos only)")
    }

    @Test func badFilesAreOneLineAndChangeNothing() throws {
        let t = try ShellTester()
        t.given("create Keep me")
        let nested = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:VTODO\r\n", count: 10_000)
        try Data(nested.utf8).write(to: URL(fileURLWithPath: t.directory + "/deep.ics"))
        #expect(run(t, "import deep.ics") == ["error: deep.ics: components nested more than 8 deep at line 9: refused"])
        try Data("not a calendar".utf8).write(to: URL(fileURLWithPath: t.directory + "/plain.ics"))
        #expect(run(t, "import plain.ics") == ["error: plain.ics: not an iCalendar file (no BEGIN:VCALENDAR)"])
        #expect(run(t, "import missing.ics") == ["error: missing.ics: cannot read the file (no such file)"])
        #expect(mkfifo(t.directory + "/pipe.ics", 0o600) == 0)
        #expect(run(t, "import pipe.ics") == ["error: pipe.ics: is a FIFO (named pipe), not an iCalendar file"])
        try file(t, "huge.ics", ["BEGIN:VTODO", "UID:h", "DESCRIPTION:" + String(repeating: "x", count: 2 << 20), "END:VTODO"])
        #expect(run(t, "import huge.ics") == ["error: huge.ics: a property longer than 1 MB at line 6: refused"])
        #expect(try t.store.allItems().map(\.title) == ["Keep me"])
        // Nothing was journaled either: the last change is still the create.
        #expect(run(t, "undo").first?.hasPrefix("undid the create of \"Keep me\"") == true)
    }

    /// The helper sends items as it reads them and errand stores them as they come: a VTODO
    /// refused after thousands already went in (more than one pipe's worth) still imports none
    /// of the file, and journals nothing.
    @Test(arguments: ["sqlite", "plist"])
    func aRefusalAfterStreamedItemsImportsNone(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Keep me")
        let good = (0..<3_000).flatMap { ["BEGIN:VTODO", "UID:streamed-\($0)", "SUMMARY:Streamed \($0)", "END:VTODO"] }
        try file(t, "late.ics", good + ["BEGIN:VTODO", "UID:" + String(repeating: "u", count: 2_000), "SUMMARY:x", "END:VTODO"])
        let said = run(t, "import late.ics")
        #expect(said.count == 1 && said.first?.hasPrefix("error: late.ics: VTODO 3001: the UID is too long") == true, "\(said)")
        #expect(try t.store.allItems().map(\.title) == ["Keep me"])
        #expect(run(t, "undo").first?.hasPrefix("undid the create of \"Keep me\"") == true)
        // The same file without the bad one comes in whole, in the file's order.
        try file(t, "good.ics", good)
        #expect(run(t, "import good.ics").first == "imported 3000 items from good.ics (iCalendar): 3000 new, 0 updated")
        #expect(try t.store.allItems().map(\.title) == (0..<3_000).map { "Streamed \($0)" })
    }

    /// A bad value of one field (a server's PRIORITY:-3, ten thousand CATEGORIES): the item
    /// comes in with every other field, and the import says which field and its limit.
    @Test func aFieldPastItsLimitIsNamedAndTheItemStillComesIn() throws {
        let t = try ShellTester()
        let many = "CATEGORIES:" + (0..<10_000).map { "t\($0)" }.joined(separator: ",")
        try file(t, "odd.ics", ["BEGIN:VTODO", "UID:odd", "DTSTAMP:20261120T100000Z", "SUMMARY:Odd one", "PRIORITY:-3",
                                "DUE;VALUE=DATE:20261202", "END:VTODO",
                                "BEGIN:VTODO", "UID:many", "DTSTAMP:20261120T100000Z", "SUMMARY:Many tags", "PRIORITY:2",
                                many, "END:VTODO"])
        #expect(run(t, "import odd.ics") == ["imported 2 items from odd.ics (iCalendar): 2 new, 0 updated; \"Odd one\" kept "
                + "without a field: PRIORITY not read: the priority must be 1 to 9: got -3 (and 1 more)"])
        let odd = try #require(try t.store.item(uid: "odd"))
        #expect(odd.priority == nil && odd.due == DueDay(year: 2026, month: 12, day: 2))
        let tagged = try #require(try t.store.item(uid: "many"))
        #expect(tagged.tags.isEmpty && tagged.priority == 2)
    }

    @Test func aMissingHelperIsNamed() throws {
        let t = try ShellTester()
        t.interpreter.environment.calendarHelperPath = "/nonexistent/errand-ical"
        try file(t, "x.ics", Self.phone)
        #expect(run(t, "import x.ics")
            == ["error: x.ics: cannot run the iCalendar helper /nonexistent/errand-ical (No such file or directory)"])
    }

    @Test func thePlistFormatLeavesOutItemsWithoutADateAndSaysSo() throws {
        let t = try ShellTester()
        t.given("create Dated")
        t.given("create Undated --no-date")
        #expect(run(t, "export out.plist")
            == ["exported 1 item to out.plist (SwiftUI app plist); left out 1 item without a date (the format needs one)"])
        #expect(run(t, "export out.json") == ["exported 2 items to out.json (JSON)"])
        #expect(try read(t, "out.json").contains("\"uid\" : \"00000000-0000-0000-0000-000000000002\""))
    }
}
