import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Sync over a loopback HTTP server: the good cases, and every broken server leaving the
/// previous cache exactly as it was, on both backends. Serialized: the failure cases run on
/// one-second idle limits, which a loaded machine running many helpers at once could reach, and
/// Errand itself only ever runs one download at a time.
@Suite(.serialized, .tags(.server), .fullLane) struct CatalogueSyncTests {
    static let backends = StoreBackend.allCases

    func sampleServer() throws -> LoopbackServer {
        try LoopbackServer(routes: [
            "/categories.json": .body(try Fixtures.data(Fixtures.sample, "categories.json")),
            "/listing.json": .body(try Fixtures.data(Fixtures.sample, "listing.json")),
        ])
    }

    let quick = CatalogueSync(fetcher: CatalogueFetcher(limits: FetchLimits(maxBytes: 1 << 20, idleTimeout: 1, totalTimeout: 3)))

    @Test(arguments: backends)
    func syncStoresTheCatalogueAndReportsChanges(_ backend: StoreBackend) throws {
        let server = try sampleServer()
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(backend)
        let base = try CatalogueSync.baseURL(server.base)
        let (summary, first) = try quick.sync(base: base, into: store, now: 1_000)
        var catalogue = try quick.fetch(base: base, now: 1_000)
        catalogue.ads.sort { $0.id < $1.id }
        #expect(first == CatalogueChange(added: catalogue.ads.count, updated: 0, removed: 0))
        #expect(summary == catalogue.summary)
        #expect(try store.catalogue() == catalogue)

        // One ad changes its price, one disappears: the next sync says so.
        var ads = try JSONSerialization.jsonObject(with: Fixtures.data(Fixtures.sample, "listing.json")) as? [[String: Any]] ?? []
        ads[0]["price"] = 1.0
        ads.removeLast()
        server.set("/listing.json", .body(try JSONSerialization.data(withJSONObject: ads)))
        let (_, second) = try quick.sync(base: base, into: store, now: 2_000)
        #expect(second == CatalogueChange(added: 0, updated: 1, removed: 1))
        #expect(try store.catalogue()?.fetched == 2_000)
    }

    /// Ads are stored as they are read: a problem in the last ad, after all the others were
    /// written, still leaves the previous cache exactly as it was.
    @Test(arguments: backends)
    func aBadLastAdLeavesTheCacheIntact(_ backend: StoreBackend) throws {
        let server = try sampleServer()
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(backend)
        let base = try CatalogueSync.baseURL(server.base)
        _ = try quick.sync(base: base, into: store, now: 1_000)
        let good = try store.catalogue()
        var ads = try JSONSerialization.jsonObject(with: Fixtures.data(Fixtures.sample, "listing.json")) as? [[String: Any]] ?? []
        ads[0]["price"] = 2.0
        ads.append(ads[1])
        server.set("/listing.json", .body(try JSONSerialization.data(withJSONObject: ads)))
        #expect {
            try quick.sync(base: base, into: store, now: 2_000)
        } throws: { error in
            "\(error)".hasPrefix("listing.json: ad \(ads.count) (id ") && "\(error)".hasSuffix("the id appears twice")
        }
        #expect(try store.catalogue() == good)
    }

    @Test func fileURLsAndFoldersWork() throws {
        let store = try Fixtures.temporaryStore(.sqlite)
        let (summary, _) = try quick.sync(base: try CatalogueSync.baseURL(Fixtures.sample.path), into: store, now: 5)
        #expect(summary.categories.count == 11)
        #expect(summary.source.hasPrefix("file://"))
    }

    enum Breakage: String, CaseIterable {
        case notFound, serverError, malformed, wrongType, truncated, silent, endless, htmlPage, refused
    }

    /// One test walking every case in turn rather than parameterized cases, which run side by
    /// side even when marked serialized.
    @Test func aBrokenServerLeavesTheCacheIntact() throws {
        for backend in Self.backends {
            for breakage in Breakage.allCases {
                try check(backend, breakage)
            }
        }
    }

    func check(_ backend: StoreBackend, _ breakage: Breakage) throws {
        let server = try sampleServer()
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(backend)
        _ = try quick.sync(base: try CatalogueSync.baseURL(server.base), into: store, now: 100)
        let good = try store.catalogue()
        #expect(good?.ads.isEmpty == false)
        var base = server.base
        let expected: [String]
        switch breakage {
        case .notFound:
            server.set("/listing.json", .status(404))
            expected = ["answered HTTP 404"]
        case .serverError:
            server.set("/listing.json", .status(500))
            expected = ["answered HTTP 500"]
        case .malformed:
            server.set("/listing.json", .body(Data("[{\"id\": 1,".utf8)))
            expected = ["listing.json is not valid JSON"]
        case .wrongType:
            server.set("/categories.json", .body(Data(#"[{"id":"one","name":"Maison"}]"#.utf8)))
            expected = ["categories.json: category 1, field id has the wrong type"]
        case .truncated:
            server.set("/listing.json", .truncated(Data("[{\"id\"".utf8), announced: 5_000))
            expected = ["truncated"]
        case .silent:
            server.set("/listing.json", .silent)
            expected = ["did not finish within"]
        case .endless:
            server.set("/listing.json", .endless(chunk: 64 << 10))
            // The size limit or the clock stops it, whichever comes first on a busy machine.
            expected = ["larger than the 1 MB limit", "did not finish within"]
        case .htmlPage:
            server.set("/listing.json", .body(Data("<html></html>".utf8), contentType: "text/html; charset=utf-8"))
            expected = ["sent text/html, not JSON"]
        case .refused:
            server.stop()
            base = server.base
            expected = ["connection refused"]
        }
        #expect {
            try quick.sync(base: try CatalogueSync.baseURL(base), into: store, now: 200)
        } throws: { error in
            expected.contains { "\(error)".contains($0) } && !"\(error)".contains("\n")
        }
        #expect(try store.catalogue() == good, "\(backend) \(breakage)")
    }

    @Test(.enabled(if: Fixtures.available, Fixtures.missing))
    func theRealPayloadAndItsImages() throws {
        let image = try #require(try FileManager.default.contentsOfDirectory(atPath: Fixtures.paperclip.appendingPathComponent("ad-small").path).first)
        let server = try LoopbackServer(routes: [
            "/categories.json": .body(try Fixtures.data(Fixtures.paperclip, "categories.json"), contentType: "text/plain; charset=utf-8"),
            "/listing.json": .body(try Fixtures.data(Fixtures.paperclip, "listing.json"), contentType: "text/plain; charset=utf-8"),
            "/ad-small/\(image)": .body(try Fixtures.data(Fixtures.paperclip, "ad-small/\(image)"),
                                        contentType: "application/octet-stream"),
        ])
        defer { server.stop() }
        for backend in Self.backends {
            let store = try Fixtures.temporaryStore(backend)
            let (summary, change) = try quick.sync(base: try CatalogueSync.baseURL(server.base), into: store, now: 1)
            #expect(summary.total == 300)
            #expect(change.added == 300)
            #expect(try store.catalogue()?.ads.count == 300)
        }
        // The ads' images are served too; what a client downloads is the file, byte for byte.
        let served = try quick.fetcher.fetch(try #require(URL(string: server.base + "ad-small/" + image)))
        #expect(served == (try Fixtures.data(Fixtures.paperclip, "ad-small/\(image)")))
    }
}
