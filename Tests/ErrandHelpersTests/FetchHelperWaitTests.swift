import ErrandHelpers
import ErrandTestSupport
import Foundation
import Testing

/// errand-fetch waiting on a server that accepted the connection and says nothing must sleep,
/// not spin: the URLSession helper burned a whole core for as long as a server took to answer
/// (a write event left armed on the socket), which on a small machine starved the very server
/// it waited for. Asserted as CPU time against the seconds waited, not as speed. (--dav: in
/// ErrandSyncTests' DAVFetchHelperTests.)
@Suite struct FetchHelperWaitTests {
    @Test func theCatalogueDownloadSleepsWhileTheServerIsSilent() throws {
        let server = try LoopbackServer(routes: ["/listing.json": .mute])
        defer { server.stop() }
        let run = try HelperRun.run(HelperDownloader.defaultPath(), ["--idle", "3", "--total", "20", server.base + "listing.json"])
        print("errand-fetch waited \(run.wallSeconds) s on a mute server using \(run.cpuSeconds) s of CPU")
        #expect(run.status == 1)
        #expect(CatalogueError(wireLine: run.errors.trimmingCharacters(in: .newlines))
                == .timedOut(url: server.base + "listing.json", seconds: 20))
        #expect(run.wallSeconds >= 2.9, "it gave up before the idle limit")
        #expect(run.cpuSeconds < 0.5, "\(run.cpuSeconds) s of CPU in \(run.wallSeconds) s of waiting")
    }

    /// A head arriving a byte every 30 ms keeps the download alive: libcurl counts only body
    /// bytes as progress, and the idle watch took such a head for silence.
    @Test func aHeadTricklingInIsNotSilence() throws {
        let server = try LoopbackServer(routes: ["/listing.json": .trickleHead(Data("[1]".utf8), interval: 0.03)])
        defer { server.stop() }
        let run = try HelperRun.run(HelperDownloader.defaultPath(), ["--idle", "1", "--total", "20", server.base + "listing.json"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == Array("[1]".utf8))
        #expect(run.wallSeconds > 2, "ended before the head could have trickled in whole (or it came too fast to test the idle limit)")
    }
}
