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
        var asked: [String] = []
        var prefetched: [String] = []

        func picture(for url: String) -> Picture {
            asked.append(url)
            return answer
        }

        func prefetch(_ urls: [String], progress: (Int, Int) -> Void) -> PrefetchOutcome {
            prefetched = urls
            for i in urls.indices { progress(i + 1, urls.count) }
            var outcome = PrefetchOutcome()
            outcome.fetched = urls.count - 1
            outcome.failed = 1
            outcome.firstFailure = "cannot reach x"
            return outcome
        }
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
        // The thumbnail, not the small image.
        #expect(fake.asked == ["https://images.example.net/errand/thumb/3000007919.jpg"])
        fake.answer = .unavailable("cannot reach images.example.net")
        t.given("open 1")
        #expect(t.sink.all.first == "Renault Clio IV 2016, 85 000 km")
        #expect(t.sink.all.filter { $0.hasPrefix("  Photo ") } == ["  Photo        not shown: cannot reach images.example.net"])
    }

    @Test func noPhotoWhenOffInJSONOrWhereNothingIsDrawn() throws {
        let (t, fake) = try tester()
        t.given("open 1")
        t.given("set images on")
        t.given("set output json")
        t.given("open 1")
        #expect(t.sink.all.first?.contains("\"thumb\":\"https://images.example.net/errand/thumb/3000007919.jpg\"") == true)
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
        var steps: [Int] = []
        t.interpreter.environment.progress = { done, _ in steps.append(done) }
        t.given("sync \(AdsSessionTests.sample) --images")
        #expect(fake.prefetched.count == Set(fake.prefetched).count && fake.prefetched.count == 23)
        #expect(fake.prefetched.allSatisfy { $0.contains("/thumb/") })
        #expect(steps == Array(1...23))
        #expect(t.sink.all.first?.hasSuffix("; photos: 22 downloaded, 0 already cached, 1 failed (the first: cannot reach x)") == true)
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
