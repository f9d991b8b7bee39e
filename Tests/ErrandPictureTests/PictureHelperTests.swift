@testable import ErrandCatalogue
import ErrandHelpers
import ErrandTestSupport
import Foundation
import Testing

/// The picture helper as errand runs it: its output taken whole, its failures one line, its
/// memory bounded whatever the image, and bad images dropped from the cache.
@Suite(.tags(.server, .process), .fullLane) struct PictureHelperTests {
    static var helper: String? {
        ChildProcess.executable.map { ($0 as NSString).deletingLastPathComponent + "/errand-picture" }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }

    let dir = NSTemporaryDirectory() + "errand-picture-helper-" + UUID().uuidString

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs errand-picture under GNU time: (status, stdout, first stderr line, peak RSS in KB).
    func measure(_ path: String) throws -> (Int32, String, String, Int) {
        let helper = try #require(PictureHelperTests.helper, "errand-picture is not built: run swift build --build-tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "peak=%M", "-o", dir + "/time.txt", helper, "--format", "symbols", "--columns", "80",
                             "--rows", "20", path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let time = (try? String(contentsOfFile: dir + "/time.txt", encoding: .utf8)) ?? ""
        let peak = time.components(separatedBy: "peak=").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? -1
        let line = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), line, peak)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time (scripts/deps --test)"))
    func everyHostileImageIsOneLineWithinBoundedMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try ImageMaker.jpeg(width: 200, height: 150)
        let cases: [(String, [UInt8], String)] = [
            ("truncated", Array(good.prefix(good.count / 2)), "the image is damaged"),
            ("huge", ImageMaker.claiming(good, width: 60_000, height: 60_000), "claims 60000 x 60000"),
            ("bomb", try ImageMaker.bomb(width: 16_000, height: 12_000), "claims 16000 x 12000"),
            ("png-bomb", ImageMaker.pngClaiming(try ImageMaker.png(width: 8, height: 8), width: 16_000, height: 16_000), "claims 16000 x 16000"),
            ("text", Array("not a picture".utf8), "not an image"),
            ("empty", [], "not an image"),
        ]
        for (name, bytes, reason) in cases {
            let (status, output, line, peak) = try measure(try write(bytes, name))
            #expect(status == 1 && output.isEmpty && line.contains(reason), "\(name): \(status) \(line)")
            #expect(peak > 0 && peak < 100_000, "\(name): peak \(peak) KB")
        }
        // A large photo within the limits (27 megapixels of one grey) decodes scaled down:
        // drawn, in little memory.
        let (status, output, _, peak) = try measure(try write(try ImageMaker.uniformJPEG(width: 6_000, height: 4_500), "large"))
        #expect(status == 0 && output.contains("\u{1B}["))
        #expect(peak > 0 && peak < 150_000, "large: peak \(peak) KB")
    }

    @Test func aRefusedImageLeavesTheCacheAndAHelperThatCannotRunKeepsIt() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let helperPath = try #require(PictureHelperTests.helper, "errand-picture is not built: run swift build --build-tests")
        let server = try LoopbackServer(routes: ["/bad.jpg": .body(Data("<html>".utf8), contentType: "image/jpeg"),
                                                 "/good.jpg": .body(Data(try ImageMaker.jpeg(width: 40, height: 30)),
                                                                    contentType: "image/jpeg")])
        defer { server.stop() }
        let cache = ImageCache(directory: dir + "/images")
        let size = { PictureSize(columns: 20, rows: 6) }
        let helper = PictureHelper(cache: cache, helperPath: helperPath, size: size)
        #expect(helper.picture(for: server.base + "bad.jpg") == .unavailable("not an image (Errand draws JPEG and PNG)"))
        #expect(cache.cached(server.base + "bad.jpg") == nil)
        guard case let .drawn(text) = helper.picture(for: server.base + "good.jpg") else {
            Issue.record("the good photo was not drawn")
            return
        }
        #expect(text.split(separator: "\n").count <= 6)
        let broken = PictureHelper(cache: cache, helperPath: dir + "/no-such-helper", size: size)
        guard case let .unavailable(reason) = broken.picture(for: server.base + "good.jpg") else {
            Issue.record("a missing helper drew something")
            return
        }
        #expect(reason.contains("cannot run the picture helper"))
        #expect(cache.cached(server.base + "good.jpg") != nil, "the photo itself was fine: kept")
        // A file is drawn where it is (PhotoAddress lets only a catalogue on disk name one),
        // never copied into the cache.
        #expect(helper.picture(for: "file:///etc/passwd") == .unavailable("not an image (Errand draws JPEG and PNG)"))
        #expect(cache.cached("file:///etc/passwd") == nil)
        #expect(helper.picture(for: "file:///nonexistent/x.jpg") == .unavailable("/nonexistent/x.jpg: no such file"))
        #expect(helper.picture(for: "file:///etc") == .unavailable("/etc is not a plain file"))
        #expect(helper.picture(for: "ftp://example.net/x.jpg") == .unavailable("the photo's address is not an http or https URL"))
    }

    @Test func theHelperIsFoundBesideErrandOrWhereAPackagePutsIt() {
        let installed: Set = ["/usr/lib/errand/errand-picture"]
        #expect(HelperPath.resolve(executable: "/usr/bin/errand", name: "errand-picture",
                                            isExecutable: installed.contains) == "/usr/lib/errand/errand-picture")
        #expect(HelperPath.resolve(executable: "/w/.build/release/errand", name: "errand-picture") { _ in false }
                == "/w/.build/release/errand-picture")
    }

    @Test func prefetchCountsWhatItDownloadedFoundAndMissed() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try LoopbackServer(routes: ["/a.jpg": .body(Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg"),
                                                 "/b.jpg": .body(Data([0xFF, 0xD8, 0xFF, 1]), contentType: "image/jpeg")])
        defer { server.stop() }
        let cache = ImageCache(directory: dir + "/images")
        try cache.store(Data([1]), for: server.base + "b.jpg")
        let helper = PictureHelper(cache: cache, helperPath: "/nonexistent", size: { PictureSize(columns: 1, rows: 1) })
        var steps: [Int] = []
        let outcome = helper.prefetch([server.base + "a.jpg", server.base + "b.jpg", server.base + "c.jpg"]) { done, total in
            #expect(total == 3)
            steps.append(done)
        }
        #expect(steps == [1, 2, 3])
        #expect(outcome.fetched == 1 && outcome.cached == 1 && outcome.failed == 1)
        #expect(outcome.firstFailure?.contains("answered HTTP 404") == true)
        #expect(cache.cached(server.base + "a.jpg") != nil)
    }

    /// Offline (issue 46): a host that cannot be reached is asked once per worker at most, and
    /// its other photos are counted as not asked, while another host's photos still come.
    @Test func anUnreachableHostIsNotAskedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let downloader = CountingDownloader()
        let helper = PictureHelper(cache: ImageCache(directory: dir + "/images"), downloader: downloader, helperPath: "/nonexistent",
                                   size: { PictureSize(columns: 1, rows: 1) })
        let urls = (1...100).map { "https://img.offline.test/\($0).jpg" } + (1...5).map { "https://img.ok.test/\($0).jpg" }
        let outcome = helper.prefetch(urls) { _, _ in }
        let asked = downloader.asked(host: "img.offline.test")
        #expect(asked >= 1 && asked <= PictureHelper.prefetchWorkers)
        #expect(outcome.failed == asked && outcome.skipped == 100 - asked)
        #expect(outcome.unreachableHosts == ["img.offline.test"])
        #expect(outcome.fetched == 5 && downloader.asked(host: "img.ok.test") == 5)
        #expect(outcome.firstFailure?.contains("cannot reach https://img.offline.test/") == true)
    }
}

extension PictureHelperTests {
    /// Ctrl-C during `sync ads --images` (its SIGINT ends the download in flight): the photos
    /// after it are not asked for, and what came is kept.
    @Test func ctrlCStopsBetweenTwoPhotosKeepingWhatCame() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let downloader = CountingDownloader(cancelAfter: 10)
        let cache = ImageCache(directory: dir + "/images")
        let helper = PictureHelper(cache: cache, downloader: downloader, helperPath: "/nonexistent",
                                   size: { PictureSize(columns: 1, rows: 1) })
        let urls = (1...200).map { "https://img.ok.test/\($0).jpg" }
        let outcome = helper.prefetch(urls) { _, _ in }
        #expect(outcome.cancelled)
        #expect(downloader.asked(host: "img.ok.test") <= 10 + PictureHelper.prefetchWorkers)
        #expect(outcome.fetched + outcome.failed + outcome.skipped == 200 && outcome.skipped >= 200 - 10 - PictureHelper.prefetchWorkers)
        #expect(outcome.fetched >= 1 && urls.filter { cache.cached($0) != nil }.count == outcome.fetched, "what came is kept")
    }
}

/// Answers img.ok.test with a few bytes and img.offline.test as an unknown host, counting each;
/// with `cancelAfter`, every download past that many ends as Ctrl-C ends one.
final class CountingDownloader: Downloader, @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    let cancelAfter: Int?

    init(cancelAfter: Int? = nil) {
        self.cancelAfter = cancelAfter
    }

    func asked(host: String) -> Int { lock.withLock { counts[host] ?? 0 } }

    func download(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Data {
        let host = url.host ?? ""
        let count = lock.withLock { () -> Int in
            counts[host, default: 0] += 1
            return counts[host, default: 0]
        }
        if let cancelAfter, count > cancelAfter { throw .cancelled }
        guard host == "img.ok.test" else { throw .unreachable(url: url.absoluteString, reason: "unknown host") }
        return Data([0xFF, 0xD8, 0xFF])
    }

    func stream(_ url: URL, limits: FetchLimits, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let data = try download(url, limits: limits)
        try data.withUnsafeBytes { try consume($0) }
    }
}
