import ErrandTestSupport
import ErrandDomain
import ErrandFiles
import ErrandHelpers
import Foundation
import Testing

/// errand-ical's per-object modes, as sync uses them: one VCALENDAR per item out, one item per
/// calendar object in, through the real helper built beside the tests.
@Suite(.tags(.process), .fullLane) struct CalendarHelperTests {
    let helper = CalendarHelper(zoneName: "Europe/Paris")
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func object(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test func eachItemIsItsOwnCalendarObjectAndComesBackAsOneItem() throws {
        let day = DueDay(year: 2026, month: 12, day: 2)
        let phone = try helper.readEach([object(["BEGIN:VTODO", "UID:abc@phone", "SUMMARY:From the phone", "DUE;VALUE=DATE:20261202",
                                                 "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VTODO"])],
                                        now: now, naming: "test", newID: UUID.init)
        let items = [TodoItem(id: UUID(), title: "Made here", due: day, time: TimeOfDay(text: "09:30"), created: now),
                     TodoItem(id: UUID(), title: "No date", due: nil, created: now)] + phone
        let texts = try helper.writeEach(items, naming: "test")
        #expect(texts.count == 3)
        #expect(texts.allSatisfy { $0.components(separatedBy: "BEGIN:VTODO").count == 2 })
        #expect(texts[2].contains("TRIGGER:-PT15M"))
        let back = try helper.readEach(texts, now: now, naming: "test", newID: UUID.init)
        #expect(back.map(\.uid) == items.map(\.uid))
        #expect(back.map(\.title) == items.map(\.title))
        #expect(back.map(\.due) == items.map(\.due))
        #expect(back.first?.time == TimeOfDay(text: "09:30"))
    }

    @Test func aBadObjectRefusesTheBatchNamingItsPlace() throws {
        let good = object(["BEGIN:VTODO", "UID:a", "SUMMARY:a", "END:VTODO"])
        let two = object(["BEGIN:VTODO", "UID:b", "END:VTODO", "BEGIN:VTODO", "UID:c", "END:VTODO"])
        #expect(throws: FileFailure(path: "sync", reason: "calendar object 2: 2 VTODOs where one was expected")) {
            try helper.readEach([good, two], now: now, naming: "sync", newID: UUID.init)
        }
        let deep = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:VTODO\r\n", count: 10_000)
        #expect(throws: FileFailure(path: "sync",
                                           reason: "calendar object 1: components nested more than 8 deep at line 9: refused")) {
            try helper.readEach([deep, good], now: now, naming: "sync", newID: UUID.init)
        }
        let event = object(["BEGIN:VEVENT", "UID:e", "END:VEVENT"])
        #expect(throws: FileFailure.self) { try helper.readEach([event], now: now, naming: "sync", newID: UUID.init) }
        #expect(try helper.readEach([], now: now, naming: "sync", newID: UUID.init).isEmpty)
    }

    @Test func aMissingHelperIsNamed() {
        let missing = CalendarHelper(zoneName: "UTC", helperPath: "/nonexistent/errand-ical")
        #expect(throws: FileFailure(path: "sync",
                                           reason: "cannot run the iCalendar helper /nonexistent/errand-ical (No such file or directory)")) {
            try missing.writeEach([], naming: "sync")
        }
    }

    /// Found as errand-fetch is: beside errand, else in ../lib/errand/ where the package puts it.
    @Test func theHelperIsFoundBesideErrandOrWhereThePackageInstallsIt() {
        let installed: Set = ["/usr/lib/errand/errand-ical"]
        #expect(HelperPath.resolve(executable: "/usr/bin/errand", name: "errand-ical",
                                            isExecutable: installed.contains) == "/usr/lib/errand/errand-ical")
        #expect(HelperPath.resolve(executable: "/w/.build/release/errand", name: "errand-ical") { _ in true }
            == "/w/.build/release/errand-ical")
    }
}
