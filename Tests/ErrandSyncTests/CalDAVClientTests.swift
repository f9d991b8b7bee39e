import ErrandDAVWire
@testable import ErrandSync
import ErrandHelpers
import ErrandTestSupport
import Foundation
import Testing

/// The protocol side against the two real servers the tests start: discovery, writes with
/// their guards, listings, change reports and multiget, all through errand-fetch --dav.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct CalDAVClientTests {
    static func vtodo(_ uid: String, _ summary: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Errand tests//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    func client(_ server: DAVServer, _ name: String, password: String? = nil,
                maxBytes: Int = 8 << 20) throws -> (CalDAVClient, DAVHelper) {
        let helper = DAVHelper(limits: FetchLimits(maxBytes: maxBytes, idleTimeout: 5, totalTimeout: 20),
                               credentials: server.authorization != nil ? (server.user, password ?? server.password) : nil)
        return (CalDAVClient(collection: try CalDAVPath(server.collectionURL(name, withPassword: false)), transport: helper),
                helper)
    }

    /// sync-collection is part of what is tested: sabre/dav 1.8 has getctag only.
    @Test(arguments: DAVServer.Kind.withSyncTokens)
    func writesListsAndReportsChanges(kind: DAVServer.Kind) throws {
        let server = try DAVServer(kind)
        defer { server.remove() }
        try server.makeTaskCollection("tasks")
        let (client, helper) = try client(server, "tasks")
        defer { helper.close() }
        let found = try client.discover()
        #expect(found.supportsSyncCollection)
        let start = try #require(try client.changes(since: nil))
        #expect(start.changed.isEmpty)
        let hrefA = client.collection.href(forUID: "a@phone"), hrefB = client.collection.href(forUID: "b")
        let created = try client.write([.put(href: hrefA, text: Self.vtodo("a@phone", "Milk"), etag: nil),
                                        .put(href: hrefB, text: Self.vtodo("b", "Bread"), etag: nil)])
        #expect(created.map(\.status) == [201, 201])
        // A second create of the same member is refused (If-None-Match: *), not overwritten.
        let again = try client.write([.put(href: hrefA, text: Self.vtodo("a@phone", "Other"), etag: nil)])
        #expect(again.map(\.status) == [412])
        let listed = try client.listing()
        #expect(Set(listed.map(\.href)) == [hrefA, hrefB])
        let changes = try #require(try client.changes(since: start.token))
        #expect(Set(changes.changed.map(\.href)) == [hrefA, hrefB])
        let etagA = try #require(created[0].etag)
        let edited = try client.write([.put(href: hrefA, text: Self.vtodo("a@phone", "Oat milk"), etag: etagA),
                                       .delete(href: hrefB, etag: "\"stale\"")])
        #expect(edited.map(\.status) == [edited[0].status, 412])
        #expect((200...299).contains(edited[0].status))
        let fetched = try client.fetch([hrefA])
        #expect(fetched.count == 1 && fetched[0].text.contains("SUMMARY:Oat milk"))
        let removed = try client.write([.delete(href: hrefB, etag: created[1].etag)])
        #expect((200...299).contains(removed[0].status))
        let later = try #require(try client.changes(since: changes.token))
        #expect(later.removed == [hrefB])
        #expect(later.changed.map(\.href) == [hrefA])
    }

    /// A first sync's fetch of most of the collection: one calendar-query, the same items as
    /// multigets would give, only those asked for; past the size limit, nil: the engine then
    /// fetches in pieces by multiget.
    @Test(arguments: DAVServer.Kind.battery)
    func fetchingMostOfTheCollectionGivesWhatMultigetsGive(kind: DAVServer.Kind) throws {
        let server = try DAVServer(kind)
        defer { server.remove() }
        try server.makeTaskCollection("tasks")
        let (client, helper) = try client(server, "tasks")
        defer { helper.close() }
        let uids = (0..<30).map { "m\($0)@phone" }
        let padding = String(repeating: "x", count: 2_000)
        let created = try client.write(uids.map { .put(href: client.collection.href(forUID: $0),
                                                         text: Self.vtodo($0, "Task \($0) \(padding)"), etag: nil) })
        #expect(created.allSatisfy { $0.status == 201 })
        let asked = uids.prefix(20).map { client.collection.href(forUID: $0) }
        let byQuery = try #require(try client.fetchMost(asked))
        let byMultiget = try client.fetch(asked)
        #expect(byQuery.count == 20)
        #expect(Dictionary(uniqueKeysWithValues: byQuery.map { ($0.href, $0.text) })
                == Dictionary(uniqueKeysWithValues: byMultiget.map { ($0.href, $0.text) }))
        #expect(Set(byQuery.map(\.etag)) == Set(byMultiget.map(\.etag)))
        // 30 members of 2 KB do not fit in 48 KB; each multiget of 20 would not either, so ask for 5.
        let (small, smallHelper) = try self.client(server, "tasks", maxBytes: 48 << 10)
        defer { smallHelper.close() }
        let few = Array(asked.prefix(5))
        #expect(try small.fetchMost(few) == nil)
        #expect(try small.fetch(few).map(\.href).sorted() == few.sorted())
    }

    @Test func aWrongPasswordIsOneLineAboutCredentials() throws {
        let server = try DAVServer(.radicale)
        defer { server.remove() }
        try server.makeTaskCollection("tasks")
        let (client, helper) = try client(server, "tasks", password: "wrong")
        defer { helper.close() }
        do {
            _ = try client.discover()
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error.description.contains("HTTP 401: check the credentials"))
            #expect(!error.description.contains("wrong"))
            #expect(!error.description.contains("\n"))
        }
    }
}
