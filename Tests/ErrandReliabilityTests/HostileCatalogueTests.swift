import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Catalogues built to hurt: huge bodies, trickling servers, absurd values.
@Suite(.serialized, .tags(.server, .process, .slow), .fullLane) struct HostileCatalogueTests {
    static let categories = Data(#"[{"id":1,"name":"Maison"}]"#.utf8)

    @Test func anEndlessBodyIsRefusedAtTheLimitWithBoundedMemory() throws {
        // No Content-Length: the body streams until the limit (64 MB here, to keep the test short)
        // stops it. errand-fetch passes it on as it comes, so only errand holds it.
        let server = try LoopbackServer(routes: ["/categories.json": .body(Self.categories),
                                                 "/listing.json": .endless(chunk: 1 << 20)])
        defer { server.stop() }
        let dir = NSTemporaryDirectory() + "errand-huge-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let child = try ChildProcess(["--store", dir + "/s.sqlite", "--create", "-c", "sync \(server.base)"],
                                     environment: ["HOME": dir, "ERRAND_CATALOGUE_MAX_MB": "64"])
        // This child's own high-water mark, read while it runs: getrusage(RUSAGE_CHILDREN) gives
        // the largest of every child this test process ever waited for, so another suite's
        // big import running beside this one was counted against it.
        let peak = PeakWatcher(pid: child.process.processIdentifier)
        let (status, _, err) = child.finish()
        let kilobytes = peak.stop()
        #expect(status == 1)
        #expect(err.contains("is larger than the 64 MB limit"), "\(err)")
        // At most 1.5 times the limit (the body's buffer doubles as it grows) plus the
        // process, never the whole stream.
        print("hostile: a streamed body stopped at the limit; peak RSS \(kilobytes / 1024) MB")
        #expect(kilobytes > 0 && kilobytes < (96 + 100) * 1024, "\(kilobytes) kB")
    }

    @Test func anAnnouncedThreeHundredMegabytesIsRefusedBeforeDownloading() throws {
        let fetcher = CatalogueFetcher()
        let server = try LoopbackServer(routes: ["/listing.json": .truncated(Data(), announced: 300 << 20)])
        defer { server.stop() }
        #expect(throws: CatalogueError.tooLarge(url: server.base + "listing.json", limit: 256 << 20)) {
            try fetcher.fetch(URL(string: server.base + "listing.json")!)
        }
    }

    @Test func aServerTricklingOneBytePerSecondHitsTheTotalTimeout() throws {
        let body = Data(String(repeating: "[]", count: 50).utf8)
        let server = try LoopbackServer(routes: ["/listing.json": .trickle(body, interval: 0.25)])
        defer { server.stop() }
        // Time is this test's subject (the suite is .slow). The idle limit is forty gaps between
        // bytes, so load on the server's thread cannot reach it first; only the total limit can.
        let fetcher = CatalogueFetcher(limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 10, totalTimeout: 2.5))
        #expect(throws: CatalogueError.timedOut(url: server.base + "listing.json", seconds: 2.5)) {
            try fetcher.fetch(URL(string: server.base + "listing.json")!)
        }
    }

    @Test(arguments: [
        (#"{"id":7,"category_id":1,"title":"t","description":"d","price":1e300,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}"#,
         "price 1e+300 is not a plausible price"),
        (#"{"id":-5,"category_id":1,"title":"t","description":"d","price":-0.01,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}"#,
         "price -0.01 is not a plausible price"),
        (#"{"id":18446744073709551616,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}"#,
         "field id"),
        (#"{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":[],"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}"#,
         "images_url has the wrong type"),
        (#"{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{"small":5},"creation_date":"2019-11-05T15:56:59+0000","is_urgent":false}"#,
         "small has the wrong type"),
        (#"{"id":7,"category_id":1,"title":"t","description":"d","price":1,"images_url":{},"creation_date":"9999-99-99T99:99:99+0000","is_urgent":false}"#,
         "creation_date"),
    ])
    func absurdValuesAreNamed(_ ad: String, _ fragment: String) throws {
        let categories = try CatalogueDecoder.categories(Self.categories)
        #expect {
            try CatalogueDecoder.ads(Data(("[" + ad + "]").utf8), categories: categories)
        } throws: { error in
            "\(error)".contains(fragment) && !"\(error)".contains("\n")
        }
    }

    @Test func deeplyNestedListingIsRefused() throws {
        let depth = 200_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let categories = try CatalogueDecoder.categories(Self.categories)
        #expect(throws: CatalogueError.self) { try CatalogueDecoder.ads(Data(nested.utf8), categories: categories) }
    }
}
