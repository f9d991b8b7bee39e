import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Replies no honest server sends, from a loopback server of our own: each is refused with
/// one line naming the problem, and the store is left exactly as it was.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct HostileServerTests {
    static let collection = "/dav/tasks/"

    static func multistatus(_ inner: String) -> Data {
        Data("<?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">\(inner)</D:multistatus>".utf8)
    }

    /// A calendar collection holding one member whose text is `ics` (discovery, listing and
    /// multiget all read this same body: the loopback server answers by path).
    static func collectionWith(_ ics: String) -> Data {
        multistatus("""
            <D:response><D:href>\(collection)</D:href><D:propstat><D:status>HTTP/1.1 200 OK</D:status><D:prop>
            <D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop></D:propstat></D:response>
            <D:response><D:href>\(collection)x.ics</D:href><D:propstat><D:status>HTTP/1.1 200 OK</D:status><D:prop>
            <D:getetag>"1"</D:getetag><C:calendar-data>\(ics)</C:calendar-data></D:prop></D:propstat></D:response>
            """)
    }

    static let cases: [(String, LoopbackServer.Route, String)] = [
        ("malformed", .reply(207, Data("<D:multistatus xmlns:D=\"DAV:\"><D:response>".utf8), headers: [:]), "cannot be read"),
        ("deep", .reply(207, Data((String(repeating: "<a>", count: 10_000)).utf8), headers: [:]), "nested deeper"),
        ("redirect", .reply(301, Data(), headers: ["Location": "http://elsewhere.example/\u{1B}[31m"]), "redirected"),
        ("unauthorized", .status(401), "check the credentials"),
        ("forbidden", .status(403), "access refused"),
        ("forbiddenNamed", .reply(403, Data(("<?xml version=\"1.0\"?><D:error xmlns:D=\"DAV:\"><D:need-privileges><D:resource>"
            + "<D:href>/dav/tasks/</D:href><D:privilege><D:read/></D:privilege></D:resource></D:need-privileges></D:error>").utf8),
            headers: ["Content-Type": "application/xml"]), "HTTP 403 (need-privileges): the account may not"),
        ("missing", .status(404), "not found"),
        ("failing", .status(503), "the server failed"),
        ("huge", .endless(chunk: 1 << 16), "larger than"),
        // Headers then nothing: the idle timeout, or the connection's end, whichever the stack sees first.
        ("silent", .silent, "sent nothing|truncated"),
        ("notCalendar", .reply(207, multistatus("<D:response><D:href>\(collection)</D:href><D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop></D:propstat></D:response>"), headers: [:]), "not a CalDAV calendar"),
        ("notICalendar", .reply(207, collectionWith("hello"), headers: [:]), "calendar object 1"),
    ]

    @Test(arguments: cases.map(\.0))
    func refusedWithOneLineAndNothingChanges(name: String) throws {
        let (_, route, expected) = try #require(Self.cases.first { $0.0 == name })
        let server = try LoopbackServer(routes: [Self.collection: route])
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "errand-hostile-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for backend in [StoreBackend.sqlite, .plist] {
            let store = try StoreOpener.open(path: folder + "/s-\(backend)." + (backend == .plist ? "plist" : "sqlite"),
                                             backend: backend)
            defer { store.close() }
            _ = try store.add(TodoItem(id: UUID(), title: "Mine", due: nil, created: Date(timeIntervalSince1970: 1_790_000_000)))
            let before = try store.allItems()
            let sync = TodoSync(limits: FetchLimits(maxBytes: 4 << 20, idleTimeout: 1, totalTimeout: 3))
            let url = "http://u:pa55word@127.0.0.1:\(server.port)\(Self.collection)"
            do {
                _ = try sync.run(store, url: url, codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")), now: Date.init)
                Issue.record("\(name): a hostile reply was accepted")
            } catch {
                let line = "\(error)"
                #expect(expected.split(separator: "|").contains { line.contains($0) }, "\(name): \(line)")
                #expect(!line.contains("\n") && !line.contains("\u{1B}") && !line.contains("pa55word"), "\(name): \(line)")
            }
            #expect(try store.allItems() == before)
            #expect(try store.syncRemote() == nil)
        }
    }

    /// Control characters in a SUMMARY are neutralised by the iCalendar reader (as for .ics
    /// import): what reaches the store, and so the terminal, is plain text.
    @Test func controlCharactersFromTheServerNeverReachTheStore() throws {
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:x\r\nDTSTAMP:20260101T000000Z\r\n"
            + "SUMMARY:bad \u{1B}]0;owned\u{07} title\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let server = try LoopbackServer(routes: [Self.collection: .reply(207, Self.collectionWith(ics), headers: [:])])
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "errand-hostile-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try StoreOpener.open(path: folder + "/s.sqlite", backend: .sqlite)
        defer { store.close() }
        _ = try? TodoSync().run(store, url: "http://127.0.0.1:\(server.port)\(Self.collection)",
                                codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")), now: Date.init)
        for item in try store.allItems() {
            #expect(!TextSafety.containsControl(item.title), "\(item.title)")
        }
    }
}
