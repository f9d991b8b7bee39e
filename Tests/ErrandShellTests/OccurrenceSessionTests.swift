import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Issue 21: a finished occurrence of another client's repeating task (a RECURRENCE-ID VTODO
/// marked completed, as Thunderbird and eM Client write it) through the real errand-ical
/// helper, on both backends: a done row of its own, and `check` records one the same way.
@Suite struct OccurrenceSessionTests {
    static let series = [
        "BEGIN:VTODO", "UID:run@em", "DTSTAMP:20261128T071500Z", "LAST-MODIFIED:20261128T071500Z",
        "SUMMARY:Morning run", "DTSTART;VALUE=DATE:20261129", "DUE;VALUE=DATE:20261129", "RRULE:FREQ=DAILY",
        "X-MICROSOFT-CDO-BUSYSTATUS:FREE", "END:VTODO",
        "BEGIN:VTODO", "UID:run@em", "DTSTAMP:20261129T071500Z", "RECURRENCE-ID;VALUE=DATE:20261129",
        "SUMMARY:Morning run", "STATUS:COMPLETED", "COMPLETED:20261129T071400Z", "END:VTODO",
    ]

    func run(_ t: ShellTester, _ line: String) -> [String] {
        t.sink.reset()
        t.runner.runOne(line)
        return t.sink.all
    }

    func exported(_ t: ShellTester) throws -> String {
        _ = run(t, "export out.ics")
        return try String(contentsOfFile: t.directory + "/out.ics", encoding: .utf8)
    }

    func imported(_ backend: String) throws -> ShellTester {
        let t = try ShellTester(backend: backend)
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//eM Client//EN"] + Self.series + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: t.directory + "/run.ics"))
        // One item: the finished occurrence is a row of the series's, said apart.
        #expect(run(t, "import run.ics") == ["imported 1 item from run.ics (iCalendar): 1 new, 0 updated; 1 finished occurrence added to Done"])
        return t
    }

    @Test(arguments: ["sqlite", "plist"])
    func aFinishedOccurrenceIsADoneRowAndTheSeriesIsOpenOnItsNextDay(_ backend: String) throws {
        let t = try imported(backend)
        #expect(run(t, "list") == ["All items", "To do", "  1  Mon Nov 30  ↻ Morning run", "Done", "  2  Sun Nov 29  ✓ Morning run"])
        #expect(run(t, "day today") == ["Sun Nov 29 2026", "Done", "  1  ✓ Morning run"])
        #expect(run(t, "week").prefix(3) == ["View: 7 days from Sun Nov 29 2026", "  1  Sun Nov 29  no items  today",
                                             "  2  Mon Nov 30  1 item"])
        // Its record is the series's: not reopened alone.
        t.given("list")
        let kept = "is a finished occurrence of a repeating item, kept with its series: undo the check, or change it in the app that finished it"
        #expect(run(t, "uncheck 2") == ["error: uncheck: \"Morning run\" on Sun Nov 29 " + kept])
        // Nor edited, moved, deleted or made a parent here alone: the next write of the series
        // would lose it, and its UID is no client's.
        let before = try t.store.allItems()
        #expect(run(t, "edit 2 --title Renamed") == ["error: edit: \"Morning run\" on Sun Nov 29 " + kept])
        #expect(run(t, "edit 1 --under 2") == ["error: edit: \"Morning run\" on Sun Nov 29 " + kept])
        #expect(run(t, "swipe 2") == ["error: swipe: \"Morning run\" on Sun Nov 29 " + kept])
        #expect(run(t, "move 2 --list Work") == ["error: move: \"Morning run\" on Sun Nov 29 " + kept])
        #expect(run(t, "create Stretch --under 2") == ["error: create: \"Morning run\" on Sun Nov 29 " + kept])
        #expect(try t.store.allItems() == before)
        // Imported again: the same two items, nothing added.
        #expect(run(t, "import run.ics").first == "imported 0 items from run.ics (iCalendar): 0 new, 0 updated; 1 already up to date")
        // Exported, the occurrence goes inside its series's VTODOs: one item written.
        #expect(run(t, "export out.ics") == ["exported 1 item to out.ics (iCalendar), with 1 finished occurrence inside their series"])
        #expect(try String(contentsOfFile: t.directory + "/out.ics", encoding: .utf8).components(separatedBy: "BEGIN:VTODO").count == 3)
        // JSON writes it as a row whose UID names its series: one item, the occurrence said apart.
        #expect(run(t, "export out.json") == ["exported 1 item to out.json (JSON), with 1 finished occurrence as rows of their series"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func aJSONBackupCountsTheSeriesAloneAndComesBackExactly(_ backend: String) throws {
        let t = try imported(backend)
        _ = run(t, "export out.json")
        let written = try Data(contentsOf: URL(fileURLWithPath: t.directory + "/out.json"))
        let fresh = try ShellTester(backend: backend)
        try written.write(to: URL(fileURLWithPath: fresh.directory + "/out.json"))
        #expect(run(fresh, "import out.json") == ["imported 1 item from out.json (Errand JSON): 1 new, 0 updated; 1 finished occurrence added to Done"])
        #expect(run(fresh, "list") == ["All items", "To do", "  1  Mon Nov 30  ↻ Morning run", "Done", "  2  Sun Nov 29  ✓ Morning run"])
        // Every field of both rows back: the fresh store writes the same file byte for byte.
        #expect(run(fresh, "export again.json") == ["exported 1 item to again.json (JSON), with 1 finished occurrence as rows of their series"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fresh.directory + "/again.json")) == written)
    }

    @Test(arguments: ["sqlite", "plist"])
    func checkingTheSeriesRecordsTheOccurrenceAndUndoRemovesIt(_ backend: String) throws {
        let t = try imported(backend)
        let before = try exported(t)
        t.given("list")
        #expect(run(t, "check 1").first == "checked \"Morning run\": moved to Done; next on Tue Dec 1 2026")
        #expect(run(t, "list") == ["All items", "To do", "  1  Tue Dec 1   ↻ Morning run", "Done",
                                   "  2  Sun Nov 29  ✓ Morning run", "  3  Mon Nov 30  ✓ Morning run"])
        let after = try exported(t)
        #expect(after.contains("\r\nRECURRENCE-ID;VALUE=DATE:20261130\r\n"))
        // The series's own lines stay; only its modification times move.
        for line in ["DTSTART;VALUE=DATE:20261129", "DUE;VALUE=DATE:20261129", "RRULE:FREQ=DAILY", "X-MICROSOFT-CDO-BUSYSTATUS:FREE",
                     "RECURRENCE-ID;VALUE=DATE:20261129", "COMPLETED:20261129T071400Z"] {
            #expect(after.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        #expect(after.components(separatedBy: "BEGIN:VTODO").count == 4)
        #expect(run(t, "undo").first == "undid the check of \"Morning run\" (Mon Nov 30)")
        #expect(try exported(t) == before)
        #expect(run(t, "list") == ["All items", "To do", "  1  Mon Nov 30  ↻ Morning run", "Done", "  2  Sun Nov 29  ✓ Morning run"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func swipingTheSeriesDeletesItsFinishedOccurrencesAndUndoBringsAllBack(_ backend: String) throws {
        let t = try imported(backend)
        let before = try exported(t)
        t.given("list")
        #expect(run(t, "swipe 1").first == "deleted \"Morning run\" (Mon Nov 30) with 1 finished occurrence")
        #expect(try t.store.allItems().isEmpty)
        #expect(run(t, "undo").first?.hasPrefix("undid the swipe") == true)
        #expect(try exported(t) == before)
        #expect(run(t, "list") == ["All items", "To do", "  1  Mon Nov 30  ↻ Morning run", "Done", "  2  Sun Nov 29  ✓ Morning run"])
    }
}
