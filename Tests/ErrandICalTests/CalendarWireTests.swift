import ErrandDomain
import ErrandCalendarWire
import Foundation
import Testing

/// The field format between errand and errand-ical.
@Suite struct CalendarWireTests {
    @Test func itemsAndCountsCrossUnchanged() throws {
        let item = TodoItem(id: UUID(), uid: "a\nb 12\n@host", title: "t", notes: "line\nitem 0\n", due: DueDay(year: 2026, month: 1, day: 2),
                            time: TimeOfDay(minutes: 61), location: Location(name: "p", coordinate: try Coordinate(latitude: -1.5, longitude: 2.25)),
                            isDone: true, created: Date(timeIntervalSince1970: 5), modified: Date(timeIntervalSince1970: 7),
                            repeats: Repeat(unit: .year, from: DueDay(year: 2026, month: 1, day: 2)), icalendar: "BEGIN:VCALENDAR\r\n")
        let undated = TodoItem(id: UUID(), title: "u", due: nil, created: Date(timeIntervalSince1970: 9))
        let batch = CalendarWire.Batch(items: [item, undated], skipped: [CalendarWire.Skipped(kind: "VEVENT", count: 3)])
        var ids = [item.id, undated.id].makeIterator()
        let back = try CalendarWire.decode(CalendarWire.encode(batch), newID: { ids.next() ?? UUID() })
        #expect(back == batch)
    }

    @Test(arguments: ["uid 5\nabc", "item 0\nuid 99999999999999999999\nx\n", "title 1\nx\n", "item 0\nuid 1\nxy",
                      "skipped 3\nabc\n", "item 0\nuid 1\nx\ntitle 1\nt\ncreated 1\nz\nmodified 1\n1\n"])
    func malformedInputIsRefused(_ text: String) {
        #expect(throws: CalendarWire.Malformed.self) { try CalendarWire.decode(Data(text.utf8), newID: UUID.init) }
    }
}
