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

    /// Fed in pieces of any size (a pipe's reads), the stream gives what decoding the whole did,
    /// each item once it is complete; a reply cut inside a record is refused at its end.
    @Test(arguments: [1, 7, 64, 1 << 16])
    func aStreamInPiecesGivesTheSameItems(_ size: Int) throws {
        let items = (0..<40).map { TodoItem(id: UUID(), uid: "u\($0)", title: "item \($0)\nitem 0\n", due: nil,
                                            created: Date(timeIntervalSince1970: Double($0))) }
        let batch = CalendarWire.Batch(items: items, skipped: [CalendarWire.Skipped(kind: "VEVENT", count: 2)])
        let bytes = [UInt8](CalendarWire.encode(batch))
        var stream = CalendarWireStream()
        var back: [TodoItem] = []
        var ids = items.map(\.id).makeIterator()
        for start in stride(from: 0, to: bytes.count, by: size) {
            try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { piece in
                try stream.feed(piece, newID: { ids.next() ?? UUID() }) { back.append($0) }
            }
            // An item is handed over only once the next one has begun.
            #expect(back.count < items.count)
        }
        try stream.finish(newID: { ids.next() ?? UUID() }) { back.append($0) }
        #expect(back == items && stream.skipped == batch.skipped)
        var cut = CalendarWireStream()
        try bytes.dropLast(3).withUnsafeBytes { try cut.feed($0, newID: UUID.init) { _ in } }
        #expect(throws: CalendarWire.Malformed.self) { try cut.finish(newID: UUID.init) { _ in } }
    }

    @Test(arguments: ["uid 5\nabc", "item 0\nuid 99999999999999999999\nx\n", "title 1\nx\n", "item 0\nuid 1\nxy",
                      "skipped 3\nabc\n", "item 0\nuid 1\nx\ntitle 1\nt\ncreated 1\nz\nmodified 1\n1\n"])
    func malformedInputIsRefused(_ text: String) {
        #expect(throws: CalendarWire.Malformed.self) { try CalendarWire.decode(Data(text.utf8), newID: UUID.init) }
    }
}
