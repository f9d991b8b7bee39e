import ErrandCalendarWire
import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// VTodoReader.each reads a file in two passes (ICalOutline, then one item's VTODOs at a time):
/// what joins across the file (an occurrence far from its series, a VTIMEZONE after the VTODOs
/// that name it, a parent naming a child written before it) reads as when the file was parsed whole.
@Suite struct StreamedReadTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    var reader: VTodoReader { VTodoReader(zoneName: "UTC", now: now) }

    @Test func anOccurrenceAfterOtherItemsJoinsItsSeriesWhereTheSeriesStands() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:s", "SUMMARY:series", "DUE;VALUE=DATE:20261202", "RRULE:FREQ=DAILY"])
            + ICalText.todo(["UID:o", "SUMMARY:other"])
            + ICalText.todo(["UID:s", "SUMMARY:done one", "RECURRENCE-ID;VALUE=DATE:20261202", "STATUS:COMPLETED"]))
        let items = try reader.read(text, newID: UUID.init).items
        #expect(items.map(\.title) == ["series", "done one", "other"])
        #expect(items.map(\.isOccurrence) == [false, true, false])
        #expect(items.first?.icalendar?.components(separatedBy: "BEGIN:VTODO").count == 3)
    }

    @Test func aZoneWrittenAfterItsVTodoIsKeptWithIt() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:ny", "SUMMARY:call", "DUE;TZID=America/New_York:20261202T090000"])
            + ICalText.newYork)
        let item = try #require(try reader.read(text, newID: UUID.init).items.first)
        #expect(item.icalendar?.contains("TZID:America/New_York") == true)
        #expect(item.due == DueDay(year: 2026, month: 12, day: 2) && item.time == TimeOfDay(minutes: 14 * 60))
    }

    @Test func aParentNamingAChildWrittenBeforeItIsTheChildsParent() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:kid", "SUMMARY:kid"])
            + ICalText.todo(["SUMMARY:no uid", "RELATED-TO;RELTYPE=CHILD:orphan"])
            + ICalText.todo(["UID:mum", "SUMMARY:mum", "RELATED-TO;RELTYPE=CHILD:kid"])
            + ICalText.todo(["UID:orphan", "SUMMARY:orphan"]))
        let items = try reader.read(text, newID: UUID.init).items
        #expect(items.map(\.title) == ["kid", "no uid", "mum", "orphan"])
        #expect(items.first?.parent == "mum")
        // A parent without a UID gets one made up, and its child names that one.
        #expect(items.last?.parent == items[1].uid && items[1].uid.count == 36)
    }

    /// The counts of other components come before the first item; the items in the file's order.
    @Test func skippedKindsComeFirstThenEachItemInOrder() throws {
        let text = ICalText.calendar(ICalText.todo(["UID:1", "SUMMARY:one"]) + ["BEGIN:VEVENT", "UID:e", "END:VEVENT"]
            + ICalText.todo(["UID:2", "SUMMARY:two"]) + ["BEGIN:VJOURNAL", "END:VJOURNAL", "BEGIN:VEVENT", "END:VEVENT"])
            + ICalText.calendar(ICalText.todo(["UID:3", "SUMMARY:three"]))
        var said: [String] = []
        try reader.each(text, newID: UUID.init, skipped: { said += $0.map { "\($0.kind) \($0.count)" } }) { said.append($0.title) }
        #expect(said == ["VEVENT 2", "VJOURNAL 1", "one", "two", "three"])
    }
}
