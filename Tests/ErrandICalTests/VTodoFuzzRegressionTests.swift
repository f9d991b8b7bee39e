import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Inputs FuzzVTodo found to crash, each fixed.
@Suite struct VTodoFuzzRegressionTests {
    /// A misspelt BEGIN (`BEGIN:VTODBEGO`) makes an unknown component, which libical's name
    /// table has no name for: the nil name was unwrapped.
    @Test func anUnknownComponentIsCountedUnderAName() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODBEGO\r\nUID:32a1b2c3d4e5f6071,293a4b5c6d7e8f@host\r\n"
            + "SUMMARY:PlainE,TH,FR\r\nX-ERRAND-AFTER-DONE:TRUE\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let batch = try VTodoReader(zoneName: "Europe/Paris", now: Date()).read(text, newID: UUID.init)
        #expect(batch.items.isEmpty)
        #expect(batch.skipped.map(\.count).reduce(0, +) >= 1)
    }
}

extension VTodoFuzzRegressionTests {
    /// Two imported items naming one zone: written together, the zone appears once and the
    /// second copy is freed (FuzzVTodo found it leaked, under LeakSanitizer).
    @Test func twoKeptCopiesOfAZoneBecomeOne() throws {
        let text = ICalText.calendar(ICalText.newYork
            + ICalText.todo(["UID:a", "SUMMARY:a", "DUE;TZID=America/New_York:20261202T200000"])
            + ICalText.todo(["UID:b", "SUMMARY:b", "DUE;TZID=America/New_York:20261203T200000"]))
        let items = try VTodoReader(zoneName: "Europe/Paris", now: Date()).read(text, newID: UUID.init).items
        #expect(items.allSatisfy { $0.icalendar?.contains("BEGIN:VTIMEZONE") == true })
        let written = try #require(VTodoWriter(zoneName: "Europe/Paris").calendar(items))
        #expect(written.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(written.contains("DUE;TZID=America/New_York:20261202T200000"))
    }
}
