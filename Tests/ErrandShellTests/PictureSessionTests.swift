import ErrandCatalogue
import ErrandDomain
@testable import ErrandShell
import Foundation
import Testing

/// Photos and the week's bars as the shell shows them, with a stand-in for the picture
/// helper: where they appear, when they do not, and that JSON and scripts are unchanged.
@Suite struct PictureSessionTests {
    final class FakePictures: PictureSource {
        var answer: Picture = .drawn("▀▀▀\n▄▄▄")
        /// URLs that answer as a photo that cannot be had.
        var missing: Set<String> = []
        var asked: [String] = []
        var prefetched: [String] = []

        func picture(for url: String) -> Picture {
            asked.append(url)
            return missing.contains(url) ? .unavailable("\(url) answered HTTP 404") : answer
        }

        func prefetch(_ urls: [String], progress: (Int, Int) -> Void) -> PrefetchOutcome {
            prefetched = urls
            for i in urls.indices { progress(i + 1, urls.count) }
            var outcome = PrefetchOutcome()
            guard !urls.isEmpty else { return outcome }
            outcome.fetched = urls.count - 1
            outcome.failed = 1
            outcome.firstFailure = "cannot reach x"
            return outcome
        }
    }

    /// A catalogue folder of its own: the sample's categories and the given ads.
    static func catalogue(_ ads: [[String: Any]]) throws -> String {
        let folder = NSTemporaryDirectory() + "errand-photos-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: AdsSessionTests.sample + "/categories.json", toPath: folder + "/categories.json")
        try JSONSerialization.data(withJSONObject: ads).write(to: URL(fileURLWithPath: folder + "/listing.json"))
        return folder
    }

    static func ad(_ id: Int, _ images: [String: String]) -> [String: Any] {
        ["id": id, "category_id": 1, "title": "Ad \(id)", "description": "", "price": 1.0, "images_url": images,
         "creation_date": "2025-11-2\(id)T10:00:00+0000", "is_urgent": false]
    }

    func tester(draws: Bool = true) throws -> (ShellTester, FakePictures) {
        let t = try ShellTester()
        let fake = FakePictures()
        t.interpreter.environment.pictures = fake
        t.interpreter.environment.drawsPictures = draws
        t.given("sync \(AdsSessionTests.sample)")
        t.given("ads")
        return (t, fake)
    }

    @Test func setImagesTurnsThemOnAndOff() throws {
        let t = try ShellTester()
        t.send("set images on", ["images is on"]) { $0.images = true }
        t.send("set images off", ["images is off"]) { $0.images = false }
        t.send("set images maybe", ["error: set images: choose on or off, not \"maybe\""], succeeds: false)
    }

    @Test func theDetailShowsThePhotoAboveTheTitleWhenOn() throws {
        let (t, fake) = try tester()
        t.given("set images on")
        t.given("open 1")
        #expect(Array(t.sink.all.prefix(3)) == ["▀▀▀", "▄▄▄", "Renault Clio IV 2016, 85 000 km"])
        // The thumbnail, not the small image: shipped beside the catalogue, named relative to it.
        #expect(fake.asked == ["file://" + AdsSessionTests.sample + "/images/thumb/3000007919.jpg"])
        #expect(FileManager.default.fileExists(atPath: AdsSessionTests.sample + "/images/thumb/3000007919.jpg"))
        fake.answer = .unavailable("not a JPEG or PNG file")
        t.given("open 1")
        #expect(t.sink.all.first == "Renault Clio IV 2016, 85 000 km")
        #expect(t.sink.all.filter { $0.hasPrefix("  Photo ") } == ["  Photo        not shown: not a JPEG or PNG file"])
    }

    @Test func noPhotoWhenOffInJSONOrWhereNothingIsDrawn() throws {
        let (t, fake) = try tester()
        t.given("open 1")
        t.given("set images on")
        t.given("set output json")
        t.given("open 1")
        #expect(t.sink.all.first?.contains("\"thumb\":\"images/thumb/3000007919.jpg\"") == true)
        #expect(fake.asked.isEmpty)
        let (piped, pipedFake) = try tester(draws: false)
        piped.given("set images on")
        piped.given("open 1")
        #expect(piped.sink.all.first == "Renault Clio IV 2016, 85 000 km")
        #expect(pipedFake.asked.isEmpty)
    }

    @Test func anAdWithoutImagesAsksForNone() throws {
        let (t, fake) = try tester()
        t.given("set images on")
        t.given("filter vehicule")
        t.given("open 3")
        #expect(t.sink.all.first == "Trottinette électrique Xiaomi")
        #expect(fake.asked.isEmpty)
    }

    @Test func syncImagesPrefetchesEachPhotoOnceAndSaysHowItWent() throws {
        let (t, fake) = try tester()
        // The sample's photos are beside it: nothing to download.
        t.given("sync \(AdsSessionTests.sample) --images")
        #expect(fake.prefetched.isEmpty)
        #expect(t.sink.all.first?.hasSuffix("; photos: 0 downloaded, 0 already cached, 23 beside the catalogue") == true)
        // The same listing with its photos on a server.
        let listing = try String(contentsOfFile: AdsSessionTests.sample + "/listing.json", encoding: .utf8)
        let ads = try #require(try JSONSerialization.jsonObject(with: Data(listing.replacingOccurrences(
            of: "\"images/", with: "\"https://images.example.net/errand/").utf8)) as? [[String: Any]])
        let online = try Self.catalogue(ads)
        defer { try? FileManager.default.removeItem(atPath: online) }
        var steps: [Int] = []
        t.interpreter.environment.progress = { done, _ in steps.append(done) }
        t.given("sync \(online) --images")
        #expect(fake.prefetched.count == Set(fake.prefetched).count && fake.prefetched.count == 23)
        #expect(fake.prefetched.allSatisfy { $0.hasPrefix("https://images.example.net/errand/thumb/") })
        #expect(steps == Array(1...23))
        #expect(t.sink.all.first?.hasSuffix("; photos: 22 downloaded, 0 already cached, 1 failed (the first: cannot reach x)") == true)
    }

    /// An empty or unusable thumbnail gives way to the small image (and one that cannot be had
    /// too); a relative name is read against the catalogue; a file is a photo only for a
    /// catalogue on disk.
    @Test func photosFallBackToTheOtherSizeAndResolveAgainstTheCatalogue() throws {
        let folder = try Self.catalogue([
            Self.ad(1, ["thumb": "", "small": "https://img.example/s1.jpg"]),
            Self.ad(2, ["thumb": "photos/t2.jpg"]),
            Self.ad(3, ["thumb": "https://img.example/t3.jpg", "small": "https://img.example/s3.jpg"]),
            Self.ad(4, ["thumb": "ftp://img.example/t4.jpg"]),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let t = try ShellTester()
        let fake = FakePictures()
        fake.missing = ["https://img.example/t3.jpg"]
        t.interpreter.environment.pictures = fake
        t.interpreter.environment.drawsPictures = true
        t.given("sync \(folder)")
        t.given("ads")
        t.given("set images on")
        // Newest first: ad 4 is row 1.
        t.given("open 4")
        #expect(fake.asked == ["https://img.example/s1.jpg"])
        #expect(t.sink.all.first == "▀▀▀" && !t.sink.all.contains { $0.contains("not shown") })
        t.given("back")
        t.given("open 3")
        #expect(fake.asked.last == "file://\(folder)/photos/t2.jpg")
        t.given("back")
        t.given("open 2")
        #expect(fake.asked.suffix(2) == ["https://img.example/t3.jpg", "https://img.example/s3.jpg"])
        #expect(t.sink.all.first == "▀▀▀")
        t.given("back")
        t.given("open 1")
        #expect(t.sink.all.filter { $0.hasPrefix("  Photo ") }
                == ["  Photo        not shown: the photo's address is not an http or https URL"])
        // From a server, a relative name is on that server and a file is never opened.
        #expect(PhotoAddress.resolve("p/1.jpg", against: "https://ads.example/feed") == .success("https://ads.example/feed/p/1.jpg"))
        #expect(PhotoAddress.resolve("file:///etc/passwd", against: "https://ads.example/feed/")
                == .failure(PhotoRefusal(PhotoAddress.notWeb)))
        #expect(PhotoAddress.resolve("/etc/passwd", against: "https://ads.example/feed/") == .success("https://ads.example/etc/passwd"))
    }

    /// Bars are not colour (issue 27, 15): `set color off` keeps them at a terminal; only
    /// output without a width (scripts, pipes) goes without.
    @Test func theWeekDrawsProportionalBarsAtATerminal() throws {
        let labeler = DayLabeler.english
        let start = DueDay(year: 2026, month: 11, day: 29)!
        let rows = WeekRow.week(from: start, counts: [0, 8, 2, 1, 0, 0, 0], labeler: labeler)
        let piped = TextPresenter(width: nil, color: false, labeler: labeler).week(rows, today: start, overdue: 0, undated: 0)
        #expect(piped[2] == "  2  Mon Nov 30  8 items")
        let plain = TextPresenter(width: 60, color: false, labeler: labeler).week(rows, today: start, overdue: 0, undated: 0)
        #expect(plain[2] == "  2  Mon Nov 30  8 items          ████████")
        let coloured = TextPresenter(width: 60, color: true, labeler: labeler).week(rows, today: start, overdue: 0, undated: 0)
        func bar(_ line: String) -> Double {
            line.unicodeScalars.reduce(0.0) { sum, s in
                guard let i = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"].firstIndex(of: String(s)) else { return sum }
                return sum + Double(i + 1) / 8
            }
        }
        // A cell an item: the busiest day (8) fits in the 26 cells there are (the prefix is
        // 2 + 1 + 2 + 10 + 2 wide, the counts and "today" 15: 60 - 17 - 15 - 2), so nothing is scaled.
        #expect(bar(coloured[2]) == 8)
        #expect(bar(coloured[3]) == 2)
        #expect(bar(coloured[4]) == 1)
        #expect(bar(coloured[1]) == 0 && coloured[1].hasSuffix("no items  today"))
        #expect(coloured[2].hasPrefix("  2  Mon Nov 30  8 items" + String(repeating: " ", count: 10) + "\u{1B}[36m"))
        #expect(coloured.allSatisfy { DisplayWidth.of($0.replacingOccurrences(of: "\u{1B}[36m", with: "")
            .replacingOccurrences(of: "\u{1B}[0m", with: "").replacingOccurrences(of: "\u{1B}[1m", with: "")) <= 60 })
    }
}
