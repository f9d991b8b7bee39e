import ErrandFiles
@testable import ErrandHelpers
import ErrandNetwork
import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// errand downloads through the errand-fetch helper (so its own start-up never loads the HTTP
/// stack): the helper must give the same bytes and the same one-line errors as downloading
/// in-process does.
@Suite(.serialized, .tags(.server, .process, .slow), .fullLane) struct DownloadHelperTests {
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
        let inProcess = CurlDownloader()
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

    /// A reader slower than the network (errand storing ads) gets every byte in order: the
    /// helper spools what it receives instead of holding it (BodySpool).
    @Test func aSlowReaderGetsTheWholeBodyInOrder() throws {
        var generator = SeededGenerator(seed: TestSeed.draw(for: "aSlowReaderGetsTheWholeBodyInOrder"))
        let body = Data((0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let server = try LoopbackServer(routes: ["/big.json": .body(body)])
        defer { server.stop() }
        var received = Data()
        var pieces = 0
        try HelperDownloader().stream(URL(string: server.base + "big.json")!,
                                      limits: FetchLimits(maxBytes: 4 << 20, idleTimeout: 5, totalTimeout: 20)) { piece in
            pieces += 1
            // The subject is a slow reader: time is what this test is about (the suite is .slow).
            if pieces % 8 == 0 { usleep(2_000) }
            received.append(contentsOf: piece)
        }
        #expect(received == body)
    }

    /// A catalogue that moved is followed there (as URLSession did), a few hops at most and to
    /// http or https only.
    @Test func redirectsAreFollowedAFewHopsToHTTPOnly() throws {
        let body = Data("[]".utf8)
        let server = try LoopbackServer(routes: ["/ok.json": .body(body)])
        defer { server.stop() }
        server.set("/moved.json", .reply(301, Data(), headers: ["Location": server.base + "ok.json"]))
        server.set("/relative.json", .reply(302, Data(), headers: ["Location": "/moved.json"]))
        server.set("/ftp.json", .reply(302, Data(), headers: ["Location": "ftp://127.0.0.1/ok.json"]))
        server.set("/loop.json", .reply(307, Data(), headers: ["Location": server.base + "loop.json"]))
        server.set("/nowhere.json", .reply(301, Data(), headers: [:]))
        let helper = HelperDownloader()
        for path in ["moved.json", "relative.json"] {
            #expect(try helper.download(try #require(URL(string: server.base + path)), limits: limits) == body)
        }
        let expected: [(String, CatalogueError)] = [
            ("ftp.json", .unreachable(url: server.base + "ftp.json", reason: "redirected to a URL that is not http or https")),
            ("loop.json", .unreachable(url: server.base + "loop.json", reason: "too many redirects")),
            ("nowhere.json", .status(url: server.base + "nowhere.json", code: 301)),
        ]
        for (path, error) in expected {
            #expect(throws: error) { try helper.download(try #require(URL(string: server.base + path)), limits: limits) }
        }
    }

    /// Beside errand in a checkout; in ../lib/errand/ when installed by the package.
    @Test func theHelperIsFoundBesideErrandOrWhereThePackagePutsIt() {
        let both: Set = ["/opt/x/bin/errand-fetch", "/usr/lib/errand/errand-fetch"]
        #expect(HelperPath.resolve(executable: "/opt/x/bin/errand", name: "errand-fetch", isExecutable: both.contains)
                == "/opt/x/bin/errand-fetch")
        #expect(HelperPath.resolve(executable: "/usr/bin/errand", name: "errand-fetch", isExecutable: both.contains)
                == "/usr/lib/errand/errand-fetch")
        // Neither: the failure names the place beside errand.
        #expect(HelperPath.resolve(executable: "/usr/local/bin/errand", name: "errand-fetch") { _ in false }
                == "/usr/local/bin/errand-fetch")
        #expect(HelperPath.resolve(executable: "/errand", name: "errand-fetch") { _ in false } == "/errand-fetch")
    }

    @Test func aMissingHelperIsOneClearLine() throws {
        let helper = HelperDownloader(helperPath: "/nonexistent/errand-fetch")
        let url = URL(string: "http://127.0.0.1:1/listing.json")!
        #expect(throws: CatalogueError.unreachable(
            url: url.absoluteString, reason: "cannot run the download helper /nonexistent/errand-fetch (No such file or directory)")) {
            try helper.download(url, limits: limits)
        }
    }

    /// Offline at a terminal, `ads` once said "the download helper failed: ESC[Kunreachable...":
    /// the progress line's erase sequence had reached the reason line. The progress line goes
    /// to its own descriptor (a pipe here, the terminal in errand) and the reason stays clean.
    @Test func aFailureWithProgressOnIsOneCleanLine() throws {
        let server = try LoopbackServer(routes: ["/cut.json": .truncated(Data(count: 4096), announced: 8192)])
        defer { server.stop() }
        let refused = "http://127.0.0.1:1/listing.json"
        for (path, expected, shown) in [
            (refused, CatalogueError.unreachable(url: refused, reason: "connection refused"), false),
            (server.base + "cut.json", CatalogueError.truncated(url: server.base + "cut.json"), true),
        ] {
            var terminal: [Int32] = [-1, -1]
            #expect(pipe(&terminal) == 0)
            let helper = HelperDownloader(progress: true, progressDescriptor: terminal[1])
            var failure: CatalogueError?
            let url = try #require(URL(string: path))
            do { _ = try helper.download(url, limits: limits) } catch { failure = error }
            close(terminal[1])
            let drawn = String(decoding: Descriptor.readAll(terminal[0], limit: 1 << 16), as: UTF8.self)
            close(terminal[0])
            let message = String(describing: failure)
            #expect(failure == expected, "\(message)")
            #expect(!message.contains("\u{1B}") && !message.contains("\u{FFFD}") && !message.contains("\r"), "\(message)")
            // A line is erased only where one was drawn: a refusal leaves the terminal alone.
            if shown {
                #expect(drawn.hasPrefix("\rdownloading: ") && drawn.hasSuffix("\r\u{1B}[K"), "\(drawn.debugDescription)")
            } else {
                #expect(drawn == "", "\(drawn.debugDescription)")
            }
        }
    }

    @Test func theReasonIsTheWireLineWhateverElseReachedStderr() {
        let failure = { (stderr: String, status: Int32?) in
            HelperDownloader.failure(url: "http://a/", stderr: stderr, exit: status.map(HelperExit.exited) ?? .killed(signal: 9))
        }
        #expect(failure("warning: something\r\nunreachable\thttp://a/\tno network\n", 1)
                == .unreachable(url: "http://a/", reason: "no network"))
        #expect(failure("\u{1B}[31mbad\tusage\nusage: errand-fetch URL\n", 2)
                == .unreachable(url: "http://a/", reason: "the download helper failed: \u{FFFD}[31mbad usage"))
        #expect(failure("", 3) == .unreachable(url: "http://a/", reason: "the download helper failed: exit status 3"))
        #expect(failure("", nil) == .unreachable(url: "http://a/", reason: "the download helper failed: killed by signal 9"))
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
