import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 28, item 9: a CalDAV reply trickling a byte every 20 s kept `sync todos` busy for
/// 300 s, then said "did not finish within 30 s", naming the idle limit where the total had
/// fired. Each of the three limits (idle, one request's total, the whole sync) is made to fire
/// here in a few seconds, on both backends, and the line must name that one. Times are not
/// asserted beyond a generous bound: the machine is shared.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct SyncDeadlineTests {
    static let collection = "/dav/tasks/"

    /// The line `sync todos` ends with against one route, and the store unchanged.
    func failure(_ route: LoopbackServer.Route, limits: FetchLimits, syncLimit: Double) throws -> [String] {
        let server = try LoopbackServer(routes: [Self.collection: route])
        defer { server.stop() }
        let folder = NSTemporaryDirectory() + "errand-deadline-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines: [String] = []
        for backend in [StoreBackend.sqlite, .plist] {
            let store = try StoreOpener.open(path: folder + "/s-\(backend)." + (backend == .plist ? "plist" : "sqlite"),
                                             backend: backend)
            defer { store.close() }
            _ = try store.add(TodoItem(id: UUID(), title: "Mine", due: nil, created: Date(timeIntervalSince1970: 1_790_000_000)))
            let before = try store.allItems()
            let sync = TodoSync(limits: limits, syncLimit: syncLimit)
            do {
                _ = try sync.run(store, url: "http://127.0.0.1:\(server.port)\(Self.collection)",
                                 codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")), now: Date.init)
                Issue.record("\(backend): the sync finished")
            } catch {
                lines.append("\(error)")
            }
            #expect(try store.allItems() == before)
        }
        return lines
    }

    /// A byte every 0.3 s never trips the 2 s idle limit: the request's 3 s total stops it.
    @Test func aTricklingReplyIsStoppedByTheRequestsTotalLimit() throws {
        let body = Data(String(repeating: "<D:multistatus xmlns:D=\"DAV:\">", count: 20).utf8)
        let lines = try failure(.trickle(body, interval: 0.3),
                                limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 2, totalTimeout: 3), syncLimit: 60)
        for line in lines {
            #expect(line.contains("did not finish within 3 s"), "\(line)")
            #expect(!line.contains("sent nothing") && !line.contains("whole sync"), "\(line)")
        }
    }

    /// Headers, then silence: the idle limit, named as such.
    @Test func aSilentReplyIsStoppedByTheIdleLimit() throws {
        let lines = try failure(.silent, limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 1, totalTimeout: 20),
                                syncLimit: 60)
        for line in lines {
            // The connection's end can come first (the server's read sees our close).
            #expect(line.contains("sent nothing for 1 s (the idle limit)") || line.contains("truncated"), "\(line)")
            #expect(!line.contains("did not finish"), "\(line)")
        }
    }

    /// Every request within its own limits still cannot hold the sync past the sync's limit.
    @Test func aSyncLongerThanItsLimitIsStoppedAndSaysSo() throws {
        let lines = try failure(.mute, limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 20, totalTimeout: 30),
                                syncLimit: 2)
        for line in lines {
            #expect(line.contains("did not finish within 2 s (the limit for a whole sync)"), "\(line)")
            #expect(!line.contains("\n"), "\(line)")
        }
    }
}
