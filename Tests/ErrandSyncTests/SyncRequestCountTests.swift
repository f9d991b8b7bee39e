import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// What a sync asks of the server, request by request: a sync with nothing to do is one
/// PROPFIND (bench figure 9's promise), and a sync that writes ends with the one REPORT that
/// makes the token it keeps name a state holding its writes.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct SyncRequestCountTests {
    /// Counted with sync tokens: sabre/dav 1.8 has getctag only (a PROPFIND more, and a listing
    /// after a sync that wrote).
    @Test(arguments: DAVServer.Kind.withSyncTokens)
    func aSyncThatWritesEndsWithOneReportAndTheNextIsOnePropfind(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        let helper = DAVHelper(limits: FetchLimits(maxBytes: 8 << 20, idleTimeout: 10, totalTimeout: 60),
                               credentials: f.server.authorization != nil ? (f.server.user, f.server.password) : nil)
        let transport = CountingTransport(helper)
        defer { transport.close() }
        let client = CalDAVClient(collection: try CalDAVPath(f.server.collectionURL("tasks", withPassword: false)),
                                  transport: transport)
        let codec = HelperCodec(helper: CalendarHelper(zoneName: "UTC"))
        let engine = SyncEngine(client: client, codec: codec, remoteURL: TodoSync.kept(f.url), now: { f.clock })

        for day in 1...3 { try f.add(f.a, "item \(day)", day: day) }
        #expect(try engine.run(f.a).sent == 3)
        #expect(transport.take() == ["PROPFIND", "REPORT", "PUT", "PUT", "PUT", "REPORT"])
        #expect(try engine.run(f.a).sent == 0)
        #expect(transport.take() == ["PROPFIND"])

        let item = try #require(try f.item(f.a, "item 2"))
        var edited = item
        edited.notes = "edited"
        _ = try f.a.edit(edited, expecting: item, at: f.tick())
        #expect(try engine.run(f.a).sent == 1)
        #expect(transport.take() == ["PROPFIND", "PUT", "REPORT"])
        #expect(try engine.run(f.a).sent == 0)
        #expect(transport.take() == ["PROPFIND"])
    }
}
