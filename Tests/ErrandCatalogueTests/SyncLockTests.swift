import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// A sync over the network takes the store's write lock only once the listing is downloaded:
/// while a slow server is still sending it, another Errand on the same store can write.
@Suite(.tags(.server, .slow), .fullLane) struct SyncLockTests {
    final class Moments: @unchecked Sendable {
        // @unchecked: both fields are read and written under `lock`.
        private let lock = NSLock()
        private var created: Date?
        private var failure: String?
        func note(created date: Date?, failure: String?) {
            lock.lock()
            created = date
            self.failure = failure
            lock.unlock()
        }
        var values: (Date?, String?) {
            lock.lock()
            defer { lock.unlock() }
            return (created, failure)
        }
    }

    /// The listing is held until the other write has finished: were that write waiting for the
    /// sync, the listing would never come and the sync would end at its 10 s idle limit, throwing.
    @Test func anotherShellWritesWhileTheListingDownloads() throws {
        let gate = ReplyGate()
        let server = try LoopbackServer(routes: [
            "/categories.json": .body(try Fixtures.data(Fixtures.sample, "categories.json")),
            "/listing.json": .held(try Fixtures.data(Fixtures.sample, "listing.json"), gate: gate),
        ])
        defer { server.stop() }
        let path = NSTemporaryDirectory() + "errand-lock-" + UUID().uuidString + "/store.sqlite"
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        let moments = Moments()
        let writer = Thread {
            // Once the server has been asked for the listing, the sync is waiting for it.
            defer { gate.open() }
            _ = Waiting.until { server.requests.contains(where: { $0.path.hasSuffix("listing.json") }) ? true : nil }
            do {
                let other = try StoreOpener.open(path: path, backend: .sqlite)
                _ = try other.add(TodoItem(id: UUID(), title: "written meanwhile", due: DueDay(dayNumber: 20_000), created: Date()))
                other.close()
                moments.note(created: Date(), failure: nil)
            } catch {
                moments.note(created: nil, failure: "\(error)")
            }
        }
        writer.start()
        let sync = CatalogueSync(fetcher: CatalogueFetcher(limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 10, totalTimeout: 20)))
        let (summary, _) = try sync.sync(base: try CatalogueSync.baseURL(server.base), into: store, now: 1_000)
        let synced = Date()
        _ = Waiting.until { moments.values == (nil, nil) ? nil : true }
        let (created, failure) = moments.values
        #expect(failure == nil)
        let written = try #require(created, "the other write never finished")
        #expect(written < synced, "the other write waited for the sync to end")
        #expect(summary.total > 0)
        #expect(try store.allItems().map(\.title) == ["written meanwhile"])
    }
}
