import ErrandTestSupport
import Foundation
import Testing

/// The real program in a real terminal (tmux, with its own socket): an ad's photo is drawn in
/// block characters above its fields, kept for offline use, and every hostile photo gives
/// one line instead, leaves nothing behind and does not stop the shell.
@Suite(.serialized, .tags(.terminal, .server, .process), .fullLane) struct TerminalPictureTests {
    static let blocks: ClosedRange<UInt32> = 0x2580...0x259F

    static func blockRows(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.unicodeScalars.contains { blocks.contains($0.value) } }
    }

    func start(in dir: String) throws -> TmuxScreen {
        let executable = try ChildProcess.built()
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
        let env = "HOME=\(dir) XDG_DATA_HOME=\(dir)/data XDG_STATE_HOME=\(dir)/state XDG_CACHE_HOME=\(dir)/cache "
            + "TMPDIR=\(dir)/tmp ERRAND_TODAY=2026-11-29 LANG=C.UTF-8 TERM=tmux-256color COLORTERM=truecolor"
        return try TmuxScreen(command: "env -u NO_COLOR -u TMUX \(env) \(executable)", columns: 80, rows: 40)
    }

    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "errand-pictures-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func anAdShowsItsPhotoInBlocksAboveTheFieldsAndOfflineOnceSeen() throws {
        let dir = try TerminalPictureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let catalogue = try PhotoCatalogue(photos: [("good", PhotoCatalogue.image(try ImageMaker.jpeg(width: 300, height: 200)))])
        let tmux = try start(in: dir)
        try tmux.enter("sync \(catalogue.server.base)", until: "synced 1 ad")
        try tmux.enter("ads", until: "Ad 1: good")
        var shown = try tmux.enter("open 1", until: "ad 100>")
        // 300 x 200 in 80 x 20 cells (half of 40 rows), cells twice as tall as wide: 20 rows of 60.
        let photo = shown.components(separatedBy: "Ad 1: good").first ?? ""
        #expect(TerminalPictureTests.blockRows(photo).count == 20, "above the title:\n\(photo)")
        #expect(TerminalPictureTests.blockRows(photo).allSatisfy { $0.count == 60 })
        #expect(TerminalPictureTests.blockRows(shown.components(separatedBy: "Ad 1: good").last ?? "").isEmpty)
        #expect(try tmux.history(escapes: true).contains("\u{1B}[38;2;"), "drawn in 24-bit colour")
        let cached = try FileManager.default.contentsOfDirectory(atPath: dir + "/cache/errand/images")
        #expect(cached.count == 1 && cached.allSatisfy { $0.hasSuffix(".img") })
        // Offline: the server is gone, the photo is still there.
        catalogue.server.stop()
        try tmux.enter("back", until: "Ad 1: good")
        shown = try tmux.enter("open 1", until: "ad 100>")
        #expect(TerminalPictureTests.blockRows(shown).count == 20)
        #expect(!shown.contains("not shown"))
        // Off, the detail is text only.
        try tmux.enter("set images off", until: "images is off")
        shown = try tmux.enter("open 1", until: "ad 100>")
        #expect(shown.contains("Ad 1: good") && TerminalPictureTests.blockRows(shown).isEmpty)
    }

    /// The shipped sample catalogue names its photos relative to itself: the tour shows one
    /// with no network at all, drawn from beside the catalogue (nothing copied to the cache).
    @Test func theSampleCatalogueShowsItsOwnPhotoOffline() throws {
        let dir = try TerminalPictureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sample = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { sample.deleteLastPathComponent() }
        let tmux = try start(in: dir)
        try tmux.enter("sync \(sample.path)/examples/catalogue", until: "synced 36 ads")
        try tmux.enter("ads", until: "Renault Clio IV")
        let shown = try tmux.enter("open 1", until: "ad 3000007919>")
        let photo = shown.components(separatedBy: "Renault Clio IV 2016").first ?? ""
        #expect(!TerminalPictureTests.blockRows(photo).isEmpty, "no photo above the title:\n\(shown)")
        #expect(!shown.contains("not shown"), "\(shown)")
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/cache/errand/images")) ?? []
        #expect(cached.filter { $0.hasSuffix(".img") }.isEmpty)
    }

    @Test func hostilePhotosGiveOneLineEachAndLeaveNothingBehind() throws {
        let dir = try TerminalPictureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try ImageMaker.jpeg(width: 120, height: 90)
        let catalogue = try PhotoCatalogue(photos: [
            ("truncated", PhotoCatalogue.image(Array(good.prefix(good.count / 2)))),
            ("huge", PhotoCatalogue.image(ImageMaker.claiming(good, width: 60_000, height: 60_000))),
            ("bomb", PhotoCatalogue.image(try ImageMaker.bomb(width: 16_000, height: 12_000))),
            ("html", .body(Data("<html>nothing here</html>".utf8), contentType: "image/jpeg")),
            ("endless", .endless(chunk: 65_536, contentType: "image/jpeg")),
            ("page", .body(Data("<html></html>".utf8), contentType: "text/html")),
            ("gone", .status(404)),
            ("good", PhotoCatalogue.image(good)),
        ])
        defer { catalogue.server.stop() }
        let tmux = try start(in: dir)
        try tmux.enter("sync \(catalogue.server.base)", until: "synced 8 ads")
        try tmux.enter("ads", until: "Ad 8: good")
        let expected = [
            "the image is damaged", "claims 60000 x 60000 pixels", "claims 16000 x 12000 pixels",
            "not an image (Errand draws JPEG and PNG)", "larger than the 16 MB limit", "sent text/html, not an image",
            "answered HTTP 404",
        ]
        for (i, reason) in expected.enumerated() {
            let shown = try tmux.enter("open \(i + 1)", until: "ad \(100 + i)>")
            let lines = shown.split(separator: "\n").filter { $0.contains("Photo        not shown:") }
            #expect(lines.count == 1 && shown.contains(reason), "ad \(i + 1), \(reason):\n\(shown)")
            #expect(TerminalPictureTests.blockRows(shown).isEmpty)
        }
        let shown = try tmux.enter("open 8", until: "ad 107>")
        #expect(TerminalPictureTests.blockRows(shown).count > 5, "the shell still draws after them")
        // Only the good photo is kept; nothing else was written but the store and the history.
        let cached = try FileManager.default.contentsOfDirectory(atPath: dir + "/cache/errand/images")
        #expect(cached.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp").isEmpty)
        let top = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(top.isSubset(of: ["data", "state", "cache", "tmp"]), "\(top)")
    }
}
