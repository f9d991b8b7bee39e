import ErrandDomain
import ErrandICal
import ErrandCalendarWire
import Foundation
import Testing

/// item -> VTODO, and back: what Errand owns is written, the rest survives.
@Suite struct VTodoWriterTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func reader(_ zone: String = "Europe/Paris") -> VTodoReader { VTodoReader(zoneName: zone, now: now) }

    func write(_ items: [TodoItem], zone: String = "Europe/Paris") throws -> String {
        try #require(VTodoWriter(zoneName: zone).calendar(items))
    }

    func unfolded(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test(arguments: ["Europe/Paris", "Asia/Tokyo", "UTC"])
    func anItemMadeHereRoundTrips(_ zone: String) throws {
        var item = TodoItem(id: UUID(), title: "Dentist, then café", notes: "bring card\nand the letter; ok",
                            due: DueDay(year: 2026, month: 12, day: 2), time: TimeOfDay(text: "09:30"),
                            location: Location(name: "Clinique", coordinate: try Coordinate(latitude: 48.85, longitude: 2.35)),
                            created: Date(timeIntervalSince1970: 1_795_000_000),
                            modified: Date(timeIntervalSince1970: 1_795_100_000),
                            repeats: Repeat(unit: .month, count: 2, afterDone: true, from: DueDay(year: 2026, month: 12, day: 2)))
        item.isDone = true
        let text = try write([item], zone: zone)
        let plain = unfolded(text)
        let due = zone == "UTC" ? ":20261202T093000Z" : ";TZID=\(zone):20261202T093000"
        #expect(plain.contains("DUE" + due))
        #expect(plain.contains("DTSTART" + due))
        #expect(plain.contains("BEGIN:VTIMEZONE\nTZID:\(zone)") == (zone != "UTC"))
        #expect(plain.contains("RRULE:FREQ=MONTHLY;INTERVAL=2"))
        #expect(plain.contains("X-ERRAND-AFTER-DONE:TRUE"))
        #expect(plain.contains("STATUS:COMPLETED"))
        #expect(plain.contains("UID:" + item.id.uuidString))
        let back = try #require(try reader(zone).read(text, newID: UUID.init).items.first)
        #expect(back.uid == item.uid)
        #expect(back.title == item.title)
        #expect(back.notes == item.notes)
        #expect(back.due == item.due && back.time == item.time)
        #expect(back.location == item.location)
        #expect(back.isDone)
        #expect(back.created == item.created && back.modified == item.modified)
        #expect(back.repeats == item.repeats)
    }

    @Test func allDayIsADateAndUTCIsWrittenWithZ() throws {
        let day = DueDay(year: 2026, month: 12, day: 2)
        let allDay = TodoItem(id: UUID(), title: "a", due: day, created: now)
        #expect(unfolded(try write([allDay])).contains("DUE;VALUE=DATE:20261202"))
        let timed = TodoItem(id: UUID(), title: "b", due: day, time: TimeOfDay(text: "18:05"), created: now)
        let utc = unfolded(try write([timed], zone: "UTC"))
        #expect(utc.contains("DUE:20261202T180500Z"))
        #expect(!utc.contains("VTIMEZONE"))
        let undated = TodoItem(id: UUID(), title: "c", due: nil, created: now)
        #expect(!unfolded(try write([undated])).contains("DUE"))
    }

    @Test(arguments: Repeat.Unit.allCases)
    func everyRepeatUnitSurvivesTheRoundTrip(_ unit: Repeat.Unit) throws {
        let day = DueDay(year: 2026, month: 12, day: 2)
        let rule = try #require(Repeat(unit: unit, count: unit == .weekday ? 1 : 3, from: day))
        let item = TodoItem(id: UUID(), title: "r", due: day, created: now, repeats: rule)
        let back = try reader().read(try write([item]), newID: UUID.init).items.first
        #expect(back?.repeats == rule)
    }

    /// The phone's alarm, categories, priority, DTSTART and X- property survive an import, an
    /// edit of what Errand owns and an export; untouched properties keep their exact form.
    @Test func anEditRewritesOnlyWhatErrandOwns() throws {
        var item = try #require(try reader().read(ICalText.phone, newID: UUID.init).items.first)
        let untouched = unfolded(try write([item]))
        #expect(untouched.contains("LAST-MODIFIED:20261121T100000Z"))
        #expect(untouched.contains("DTSTAMP:20261120T100000Z"))
        item.title = "Dentist, confirmed"
        item.due = DueDay(year: 2026, month: 12, day: 4)
        item.modified = Date(timeIntervalSince1970: 1_795_500_000)
        let text = unfolded(try write([item]))
        for kept in ["BEGIN:VALARM", "TRIGGER:-PT15M", "CATEGORIES:health,family", "PRIORITY:1",
                     "X-PHONE-COLOR:#ff0000", "DTSTART;VALUE=DATE:20261201", "UID:3f2a9c0e51b84d7e9a6c1b2d3e4f5a6b@laptop",
                     "CREATED:20261120T100000Z"] {
            #expect(text.contains(kept), "\(kept)")
        }
        #expect(text.contains("SUMMARY:Dentist\\, confirmed"))
        #expect(text.contains("DUE;VALUE=DATE:20261204"))
        #expect(text.contains("LAST-MODIFIED:20261124T060000Z"))
        #expect(!text.contains("LAST-MODIFIED:20261121T100000Z"))
        #expect(text.components(separatedBy: "BEGIN:VTODO").count == 2)
    }

    @Test func anUnmappableRuleIsKeptUntilErrandSetsOne() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:odd", "SUMMARY:odd", "DUE;VALUE=DATE:20261202",
                                                    "RRULE:FREQ=MONTHLY;BYDAY=1MO"]))
        var item = try #require(try reader().read(text, newID: UUID.init).items.first)
        #expect(unfolded(try write([item])).contains("RRULE:FREQ=MONTHLY;BYDAY=1MO"))
        item.repeats = Repeat(unit: .week)
        let replaced = unfolded(try write([item]))
        #expect(replaced.contains("RRULE:FREQ=WEEKLY"))
        #expect(!replaced.contains("BYDAY=1MO"))
    }

    @Test func uncheckingWritesNeedsActionAndDropsCompleted() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:d", "SUMMARY:d", "STATUS:COMPLETED",
                                                    "COMPLETED:20261125T080000Z", "PERCENT-COMPLETE:100"]))
        var item = try #require(try reader().read(text, newID: UUID.init).items.first)
        #expect(item.progress == 100)
        // As `uncheck` leaves it (ItemRecords.setState): open, and a progress of 100 gone.
        item.state = .toDo
        item.progress = nil
        let plain = unfolded(try write([item]))
        #expect(plain.contains("STATUS:NEEDS-ACTION"))
        #expect(!plain.contains("COMPLETED:"))
        #expect(!plain.contains("PERCENT-COMPLETE"))
    }

    @Test func manyItemsShareOneCalendarAndOneTimezone() throws {
        let day = DueDay(year: 2026, month: 12, day: 2)
        let items = (0..<50).map { TodoItem(id: UUID(), title: "t\($0)", due: day, time: TimeOfDay(minutes: $0), created: now) }
        let text = try write(items)
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(try reader().read(text, newID: UUID.init).items.map(\.title) == items.map(\.title))
    }
}
