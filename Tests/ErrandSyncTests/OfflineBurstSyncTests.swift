import ErrandDomain
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// 500 items made offline go in one sync on each real server and reach the other machine. A
/// suite of its own: the longest of the two-store battery (DAViCal takes 16 s of it), run
/// beside the rest rather than after it.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct OfflineBurstSyncTests {
    @Test(arguments: DAVServer.Kind.battery)
    func fiveHundredOfflineCreatesGoInOneSync(kind: DAVServer.Kind) throws {
        let f = try SyncFixture(kind)
        defer { f.remove() }
        try f.sync(f.a)
        _ = try f.a.importItems((0..<500).map { TodoItem(id: UUID(), title: "offline \($0)", due: nil, created: f.clock) })
        let outcome = try f.sync(f.a)
        #expect(outcome.sent == 500)
        #expect(try f.serverTexts().count == 500)
        let onB = try f.sync(f.b)
        #expect(onB.received == 500)
        #expect(try f.titles(f.b) == f.titles(f.a))
        let again = try f.sync(f.a)
        #expect(again.sent == 0 && again.received == 0)
    }
}
