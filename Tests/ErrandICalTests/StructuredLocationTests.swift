import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Apple's X-APPLE-STRUCTURED-LOCATION (on the VTODO, or in a location alarm as Apple Reminders
/// and tasks.org write it) gives the item its place and coordinates, so `near` and the map
/// link work; the line itself goes back as it came, whatever the place becomes here.
@Suite struct StructuredLocationTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    var reader: VTodoReader { VTodoReader(zoneName: "Europe/Berlin", now: now) }

    func items(_ name: String) throws -> [TodoItem] {
        try reader.read(try ClientCorpus.text(name), newID: UUID.init).items
    }

    func todo(_ lines: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:s1\r\nSUMMARY:Errand\r\n"
            + lines.replacingOccurrences(of: "\n", with: "\r\n") + "END:VTODO\r\nEND:VCALENDAR\r\n"
    }

    func place(_ lines: String) throws -> Location? {
        try reader.read(todo(lines), newID: UUID.init).items.first?.location
    }

    @Test(arguments: [
        ("apple-reminders-location.ics", "Supermarché, rue de la Roquette", 48.8566, 2.3799),
        ("tasks-org-geofence.ics", "Bibliothèque Parmentier", 48.8631, 2.3745),
        ("apple-reminders-structured-location.ics", "Apple Park", 37.334922, -122.009033),
    ])
    func theClientsStructuredLocationIsThePlace(_ name: String, _ title: String, _ lat: Double, _ lon: Double) throws {
        let item = try #require(try items(name).first)
        #expect(item.location == Location(name: title, coordinate: try Coordinate(latitude: lat, longitude: lon)))
    }

    @Test func aLocationKeepsItsNameAndGEOWinsOverTheStructuredOne() throws {
        let line = "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Home:geo:48.85,2.35\n"
        #expect(try place("LOCATION:Chez moi\n" + line) == Location(name: "Chez moi", coordinate: try Coordinate(latitude: 48.85, longitude: 2.35)))
        #expect(try place("LOCATION:Chez moi\nGEO:45.0;5.0\n" + line)?.coordinate == (try Coordinate(latitude: 45, longitude: 5)))
        // No title: named by its coordinates, as GEO alone is.
        #expect(try place("X-APPLE-STRUCTURED-LOCATION;VALUE=URI:geo:48.85,2.35,30;u=12\n")?.name == "48.85,2.35")
    }

    @Test func aTitlesQuotesCaretsAndControlCharactersAreRead() throws {
        let quoted = try place("X-APPLE-STRUCTURED-LOCATION;X-TITLE=\"Gare ^'Nord^', quai 3;B\":geo:48.88,2.355\n")
        #expect(quoted?.name == "Gare \"Nord\", quai 3;B")
        let hostile = try place("X-APPLE-STRUCTURED-LOCATION;X-TITLE=\"\u{1B}[2Jx\":geo:48.88,2.355\n")
        #expect(hostile?.name.contains("\u{1B}") == false)
    }

    @Test(arguments: ["geo:95,2", "geo:48.8", "geo:abc,def", "http://example.org/", "geo:nan,2", ""])
    func aValueThatIsNoPlaceGivesNone(_ value: String) throws {
        #expect(try place("X-APPLE-STRUCTURED-LOCATION;X-TITLE=Somewhere:\(value)\n") == nil)
    }

    /// A new place here is written as LOCATION and GEO; the structured lines (the phone's
    /// location alarm) stay as they came.
    @Test func changingThePlaceLeavesTheStructuredLinesAsWritten() throws {
        let name = "apple-reminders-structured-location.ics"
        var item = try #require(try items(name).first)
        item.location = Location(name: "Post office", coordinate: try Coordinate(latitude: 37.33, longitude: -122.03))
        item.modified = now
        let out = try #require(VTodoWriter(zoneName: "Europe/Berlin").calendar([item]))
        let structured = { (text: String) in ClientCorpus.todoLines(text).filter { $0.hasPrefix("X-APPLE-STRUCTURED-LOCATION") } }
        #expect(structured(out) == structured(try ClientCorpus.text(name)))
        #expect(structured(out).count == 2)
        #expect(out.contains("\r\nLOCATION:Post office\r\n"))
        let back = try #require(try reader.read(out, newID: UUID.init).items.first)
        #expect(back.location == item.location)
    }
}
