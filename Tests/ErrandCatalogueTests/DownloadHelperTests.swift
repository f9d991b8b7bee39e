import ErrandCatalogue
import ErrandNetwork
import ErrandTestSupport
import Foundation
import Testing

/// errand downloads through the errand-fetch helper (so its own start-up never loads the HTTP
/// stack): the helper must give the same bytes and the same one-line errors as downloading
/// in-process does.
@Suite(.serialized) struct DownloadHelperTests {
    let limits = FetchLimits(maxBytes: 1 << 20, idleTimeout: 1, totalTimeout: 3)

    @Test func theHelperAndTheInProcessDownloaderAgree() throws {
        let body = Data("[{\"id\":1,\"name\":\"Véhicule\"}]".utf8)
        let server = try LoopbackServer(routes: [
            "/ok.json": .body(body),
            "/missing.json": .status(404),
            "/page.json": .body(Data("<html>".utf8), contentType: "text/html"),
            "/big.json": .body(Data(count: 2 << 20)),
        ])
        defer { server.stop() }
        let helper = HelperDownloader()
        let inProcess = URLSessionDownloader()
        #expect(try helper.download(URL(string: server.base + "ok.json")!, limits: limits) == body)
        for path in ["missing.json", "page.json", "big.json"] {
            let url = URL(string: server.base + path)!
            var viaHelper: CatalogueError?
            var direct: CatalogueError?
            do { _ = try helper.download(url, limits: limits) } catch { viaHelper = error }
            do { _ = try inProcess.download(url, limits: limits) } catch { direct = error }
            #expect(viaHelper != nil && viaHelper == direct, "\(path): \(String(describing: viaHelper)) vs \(String(describing: direct))")
        }
        let refused = URL(string: "http://127.0.0.1:1/listing.json")!
        #expect(throws: CatalogueError.unreachable(url: refused.absoluteString, reason: "connection refused")) {
            try helper.download(refused, limits: limits)
        }
    }

    @Test func aMissingHelperIsOneClearLine() throws {
        let helper = HelperDownloader(helperPath: "/nonexistent/errand-fetch")
        let url = URL(string: "http://127.0.0.1:1/listing.json")!
        #expect(throws: CatalogueError.unreachable(
            url: url.absoluteString, reason: "cannot run the download helper /nonexistent/errand-fetch (No such file or directory)")) {
            try helper.download(url, limits: limits)
        }
    }

    @Test func everyErrorCrossesTheWireUnchanged() {
        let errors: [CatalogueError] = [
            .unsupportedURL("ftp://x"), .unreachable(url: "http://a/", reason: "no\tnetwork"), .status(url: "http://a/", code: 503),
            .contentType(url: "http://a/", type: "text/html"), .tooLarge(url: "http://a/", limit: 256 << 20),
            .timedOut(url: "http://a/", seconds: 2.5), .truncated(url: "http://a/"),
            .malformed(document: "listing.json", reason: "x"), .invalid(document: "listing.json", reason: "y"),
        ]
        for error in errors {
            let back = CatalogueError(wireLine: error.wireLine)
            if case .unreachable = error {
                #expect(back == .unreachable(url: "http://a/", reason: "no network"))
            } else {
                #expect(back == error)
            }
        }
        #expect(CatalogueError(wireLine: "status\thttp://a/\tnot-a-number") == nil)
        #expect(CatalogueError(wireLine: "") == nil)
    }
}
