import ErrandDomain
import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 27 (a new user's first hour) and issue 26 item 7: output fitted to where it goes.
/// Into a pipe nothing is cut; at a terminal the other columns give way to the title, the
/// details wrap, the prompt keeps to about a third of the line, and the week's bars are a cell
/// an item.
@Suite(.tags(.process), .fullLane) struct ScreenWidthTests {
    static let title = "Write the extremely long appendices for the board meeting on Thursday"
    static let create = "create \(title) --date dec 4 --at Salle du conseil, 3e étage --coords 48.85,2.35"
        + " --notes bring https://example.org/a/very/long/path/to/the/appendices/document.pdf and the minutes"

    func tester() throws -> ShellTester {
        let t = try ShellTester()
        t.interpreter.environment.catalogueBase = "file:///nonexistent/errand-offline/"
        return t
    }

    /// What a person sees: colours and links taken out.
    static func visible(_ line: String) -> String {
        var out = ""
        var escape = false
        for scalar in line.unicodeScalars {
            if scalar == "\u{1B}" { escape = true; continue }
            if escape { if scalar == "m" { escape = false }; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    @Test func aScriptCutsNothing() throws {
        let t = try tester()
        t.given(Self.create)
        t.given("list")
        #expect(t.sink.all == ["All items", "To do", "  1  Fri Dec 4    \(Self.title)  @ Salle du conseil, 3e étage"])
        t.given("open 1")
        #expect(t.sink.all == [Self.title,
                          "  Due       Fri Dec 4 2026",
                          "  Place     Salle du conseil, 3e étage (48.85, 2.35)",
                          "  Map       https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35",
                          "  Notes     bring https://example.org/a/very/long/path/to/the/appendices/document.pdf and the minutes",
                          "  State     to do"])
        t.given("sync \(AdsSessionTests.sample)")
        t.given("ads")
        #expect(t.sink.all.contains { $0.hasSuffix("  2025-11-23  Deux places pour le concert du 12 décembre") })
        #expect(!t.sink.all.contains { $0.contains("…") })
    }

    /// `errand -c list | grep -i appendic`, with COLUMNS=40 in the environment: COLUMNS is
    /// for a terminal that cannot tell its width, and a pipe has none.
    @Test func aPipeFindsTheWholeTitleWhateverCOLUMNSSays() throws {
        let dir = NSTemporaryDirectory() + "errand-width-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ["XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state", "HOME": dir,
                   "ERRAND_TODAY": "2026-11-29", "COLUMNS": "40"]
        let (status, out, _) = try ChildProcess.run(["--store", dir + "/s.sqlite", "--create", "-c", Self.create, "-c", "list"],
                                                    environment: env)
        #expect(status == 0)
        let found = out.split(separator: "\n").filter { $0.lowercased().contains("appendic") }
        #expect(found == ["created \"\(Self.title)\" for Fri Dec 4 2026",
                          "  1  Fri Dec 4    \(Self.title)  @ Salle du conseil, 3e étage"], "\(out)")
    }

    @Test func adsGiveTheTitleRoomOnANarrowScreen() throws {
        let t = try tester()
        t.given("sync \(AdsSessionTests.sample)")
        t.given("filter multimedia")
        t.runner.options.width = 80
        t.given("ads")
        #expect(t.sink.all.dropFirst().first == "  1 ▣ Multimédia  140,00\u{A0}€  URGENT  2025-11-23  Casque audio sans fil à réducti…")
        // At 60 the day posted goes first.
        t.runner.options.width = 60
        t.given("ads")
        #expect(Array(t.sink.all.dropFirst()) == ["  1 ▣ Multimédia  140,00\u{A0}€  URGENT  Casque audio sans fil à…",
                                                  "  2 ▣ Multimédia  520,00\u{A0}€          Ordinateur portable 14 …",
                                                  "  3 · Multimédia  160,00\u{A0}€          Téléviseur 43 pouces",
                                                  "  4 · Multimédia  230,00\u{A0}€          Console de jeux avec de…"])
        // At 40 the photo mark, the category and URGENT too; the price stays.
        t.runner.options.width = 40
        t.given("ads")
        #expect(Array(t.sink.all.dropFirst()) == ["  1  140,00\u{A0}€  Casque audio sans fil à …",
                                                  "  2  520,00\u{A0}€  Ordinateur portable 14 p…",
                                                  "  3  160,00\u{A0}€  Téléviseur 43 pouces",
                                                  "  4  230,00\u{A0}€  Console de jeux avec deu…"])
        // The whole catalogue, with its widest prices and categories: every row fits and shows
        // at least 20 columns of its title.
        for width in [40, 50, 60, 70] {
            t.runner.options.width = width
            t.given("filter")
            let rows = t.sink.all.dropFirst()
            #expect(rows.count == 36)
            #expect(rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(rows)")
            #expect(rows.contains { $0.contains("  Deux places pour le") }, "\(width): \(rows)")
        }
    }

    @Test func aListGivesTheTitleRoomToo() throws {
        let t = try tester()
        t.given(Self.create)
        t.given("create Dentist --date dec 2 09:30")
        t.runner.options.width = 40
        // The place goes first, then the time; the day stays while the title has 20 columns.
        t.given("list")
        #expect(t.sink.all == ["All items", "To do", "  1  Wed Dec 2    Dentist", "  2  Fri Dec 4    Write the extremely l…"])
        t.runner.options.width = 30
        t.given("list")
        #expect(t.sink.all == ["All items", "To do", "  1    Dentist", "  2    Write the extremely lo…"])
    }

    @Test func theDetailWrapsTheTitleAndEveryField() throws {
        let t = try tester()
        t.given(Self.create)
        t.runner.options.width = 40
        t.given("list")
        t.given("open 1")
        #expect(t.sink.all == ["Write the extremely long appendices for",
                          "the board meeting on Thursday",
                          "  Due       Fri Dec 4 2026",
                          "  Place     Salle du conseil, 3e étage",
                          "            (48.85, 2.35)",
                          "  Map       https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35",
                          "  Notes     bring",
                          "            https://example.org/a/very/long/path/to/the/appendices/document.pdf",
                          "            and the minutes",
                          "  State     to do"])
        // A word wider than the screen is broken, never cut.
        t.given("create Antidisestablishmentarianism-and-more-words-joined-together --date dec 4")
        t.given("list")
        t.given("open 2")
        #expect(t.sink.all.prefix(2) == ["Antidisestablishmentarianism-and-more-wo", "rds-joined-together"])
        // An ad: the title and the fields wrap as well.
        t.given("sync \(AdsSessionTests.sample)")
        t.given("filter multimedia")
        t.given("open 1")
        #expect(t.sink.all.prefix(3) == ["Casque audio sans fil à réduction de", "bruit", "  Category     Multimédia"])
    }

    @Test func thePromptKeepsTheLastScreenWithinAThirdOfTheWidth() throws {
        let t = try tester()
        t.given(Self.create)
        t.given("view")
        t.given("open 6")
        t.given("open 1")
        func prompt(_ width: Int?) -> String {
            t.runner.options.width = width
            return t.runner.prompt
        }
        #expect(prompt(nil) == "view › Fri Dec 4 › Write the extremely…> ")
        #expect(prompt(120) == "view › … › Write the extremely…> ")
        #expect(prompt(80) == "… › Write the extremely…> ")
        #expect(prompt(40) == "… › Write the…> ")
        for width in [20, 30, 40, 60, 80, 100, 140] {
            #expect(DisplayWidth.of(prompt(width)) <= max(16, width / 3), "\(width)")
        }
        t.given("back")
        #expect(prompt(80) == "view › Fri Dec 4> ")
        #expect(prompt(40) == "… › Fri Dec 4> ")
    }

    /// Issue 26 item 7: three days with one item each drew three bars filling the width.
    @Test func aWeekBarIsACellAnItemScaledOnlyWhenTheBusiestDayWouldNotFit() throws {
        let t = try tester()
        t.given("set color on")
        for day in ["tomorrow", "dec 1", "dec 2"] { t.given("create Errand on \(day) --date \(day)") }
        for width in [80, 40] {
            t.runner.options.width = width
            t.given("view")
            let rows = t.sink.all.map(Self.visible)
            #expect(rows.prefix(5) == ["View: 7 days from Sun Nov 29 2026",
                                       "  1  Sun Nov 29  no items  today",
                                       "  2  Mon Nov 30  1 item           █",
                                       "  3  Tue Dec 1   1 item           █",
                                       "  4  Wed Dec 2   1 item           █"], "\(width)")
        }
        // Thirty on one day: 30 cells where there is room; at 40 the six there are, the others
        // in proportion (a day with items never shows none).
        for n in 1...30 { t.given("create Task \(n) --date dec 3") }
        t.runner.options.width = 80
        t.given("view")
        #expect(t.sink.all.map(Self.visible).dropFirst(5).first == "  5  Thu Dec 3   30 items         " + String(repeating: "█", count: 30))
        t.runner.options.width = 40
        t.given("view")
        let narrow = t.sink.all.map(Self.visible)
        #expect(narrow.dropFirst(5).first == "  5  Thu Dec 3   30 items         ██████")
        #expect(narrow.dropFirst(2).first == "  2  Mon Nov 30  1 item           ▎")
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    /// Widths as terminals draw them: by grapheme cluster, a variation selector not widening.
    @Test func widthsFollowGraphemeClusters() {
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("❤️") == 1)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("e\u{301}té") == 3)
        #expect(DisplayWidth.of("⌚") == 2)
        // A cluster is never split: cut before it, or broken between clusters.
        #expect(DisplayWidth.truncate("ab👨‍👩‍👧cd", to: 4) == "ab…")
        #expect(DisplayWidth.split("👨‍👩‍👧👨‍👩‍👧x", every: 3) == ["👨‍👩‍👧", "👨‍👩‍👧x"])
        #expect(DisplayWidth.clusters("a👨‍👩‍👧🇫🇷").map(\.text).joined() == "a👨‍👩‍👧🇫🇷")
    }
}
