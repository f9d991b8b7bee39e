import ErrandHelpers
import ErrandTestSupport
import Foundation
import Testing

/// errand-fetch waiting on a server that accepted the connection and says nothing waits its
/// limits and says which ended it. The CPU it uses meanwhile (the URLSession helper spun a whole
/// core) depends on the machine's load: bench/idle_wait.py measures it. (--dav: in
/// ErrandSyncTests' DAVFetchHelperTests.)
@Suite(.tags(.server, .process, .slow), .fullLane) struct FetchHelperWaitTests {
    @Test func theCatalogueDownloadWaitsOutASilentServer() throws {
        let server = try LoopbackServer(routes: ["/listing.json": .mute])
        defer { server.stop() }
        let run = try HelperRun.run(HelperDownloader.defaultPath(), ["--idle", "3", "--total", "20", server.base + "listing.json"])
        print("errand-fetch waited \(run.wallSeconds) s on a mute server using \(run.cpuSeconds) s of CPU")
        // A lower bound only: load can make the wait longer, never shorter.
        #expect(run.status == 1)
        #expect(CatalogueError(wireLine: run.errors.trimmingCharacters(in: .newlines))
                == .timedOut(url: server.base + "listing.json", seconds: 20))
        #expect(run.wallSeconds >= 2.9, "it gave up before the idle limit")
    }

    /// A head arriving a byte every 50 ms keeps the download alive: libcurl counts only body
    /// bytes as progress, and the idle watch took such a head for silence.
    @Test func aHeadTricklingInIsNotSilence() throws {
        let server = try LoopbackServer(routes: ["/listing.json": .trickleHead(Data("[1]".utf8), interval: 0.05)])
        defer { server.stop() }
        let run = try HelperRun.run(HelperDownloader.defaultPath(), ["--idle", "3", "--total", "20", server.base + "listing.json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == Array("[1]".utf8))
        // The head is 88 bytes, 50 ms apart: 4.4 s at least, longer than the 3 s idle limit,
        // while a gap of 3 s between two bytes would take a machine stalled 60 times over.
        #expect(run.wallSeconds > 4.3, "ended before the head could have trickled in whole")
    }
}
