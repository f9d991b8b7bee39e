import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation

/// Two Errand stores (two machines: A on SQLite, B on a property list), a server, and the
/// phone: a client that writes raw VTODOs over HTTP.
final class SyncFixture {
    let server: DAVServer
    let folder = NSTemporaryDirectory() + "errand-sync-" + UUID().uuidString
    let a: ErrandStore
    let b: ErrandStore
    let phone: RawHTTP
    var clock = Date(timeIntervalSince1970: 1_790_000_000)

    init(_ kind: DAVServer.Kind) throws {
        server = try DAVServer(kind)
        try server.makeTaskCollection("tasks")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        a = try StoreOpener.open(path: folder + "/a.sqlite", backend: .sqlite)
        b = try StoreOpener.open(path: folder + "/b.plist", backend: .plist)
        phone = RawHTTP(port: server.port, authorization: server.authorization)
    }

    func remove() {
        a.close()
        b.close()
        server.remove()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var url: String { server.collectionURL("tasks") }

    /// Time moves on a minute per call, so LAST-MODIFIED orders edits as they were made.
    func tick() -> Date {
        clock += 60
        return clock
    }

    @discardableResult
    func sync(_ store: ErrandStore, url: String? = nil) throws -> SyncOutcome {
        let codec = HelperCodec(helper: CalendarHelper(zoneName: "UTC"))
        let now = tick()
        return try TodoSync().run(store, url: url ?? self.url, codec: codec, now: { now }).outcome
    }

    @discardableResult
    func add(_ store: ErrandStore, _ title: String, day: Int = 1) throws -> TodoItem {
        let due = DueDay(year: 2026, month: 12, day: day)
        return try store.add(TodoItem(id: UUID(), title: title, due: due, created: tick()))
    }

    func titles(_ store: ErrandStore) throws -> [String] {
        try store.allItems().map(\.title).sorted()
    }

    func item(_ store: ErrandStore, _ title: String) throws -> TodoItem? {
        try store.allItems().first { $0.title == title }
    }

    /// The members on the server (of collection `name`), by href, with their text.
    func serverTexts(_ name: String = "tasks") throws -> [String: String] {
        let body = """
            <?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">
            <C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>
            """
        let reply = try phone.send("REPORT", server.collectionPath(name), body: Data(body.utf8),
                                   headers: ["Depth": "1", "Content-Type": "application/xml"])
        let status = try Multistatus.read(Array(reply.body))
        var out: [String: String] = [:]
        for entry in status.entries { if let text = entry.calendarData { out[entry.href] = text } }
        return out
    }

    /// The SUMMARY lines on the server (of collection `name`), sorted.
    func serverSummaries(_ name: String = "tasks") throws -> [String] {
        try serverTexts(name).values.compactMap { text in
            // "\r\n" is one Character: split on newlines, not on "\n".
            text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        }.sorted()
    }
}
