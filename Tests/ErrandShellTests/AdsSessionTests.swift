import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

@Suite struct AdsSessionTests {
    static var sample: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("examples/catalogue").path
    }

    func tester(_ backend: String = "sqlite") throws -> ShellTester {
        let t = try ShellTester(backend: backend)
        t.interpreter.environment.catalogueBase = "file:///nonexistent/errand-offline/"
        return t
    }

    @Test func filterOpenAndBackKeepTheFilter() throws {
        let t = try tester()
        t.given("sync \(Self.sample)")
        t.given("filter MULTIMÉDIA")
        #expect(t.interpreter.session.filter == "Multimédia")
        #expect(t.interpreter.session.listing.count == 4)
        t.given("open 1")
        #expect(t.sink.all.first == "Casque audio sans fil à réduction de bruit")
        t.given("back")
        #expect(t.interpreter.session.stacks[.ads] == [.ads])
        #expect(t.interpreter.session.filter == "Multimédia")
        #expect(t.sink.all.first == "Multimédia: 4 ads, cached 0 seconds ago")
        t.send("swipe 1", ["error: swipe: ads cannot be changed here, only opened"], succeeds: false)
    }

    @Test func pagesAtATerminalKeepOneNumbering() throws {
        let t = try tester()
        t.given("set pagesize 10")
        t.given("sync \(Self.sample)")
        t.given("ads")
        #expect(t.sink.all.count == 12)
        #expect(t.sink.all.last == "  10 of 36 shown: more for the next page")
        t.given("more")
        #expect(t.sink.all.dropFirst().first?.hasPrefix("  11 ") == true)
        #expect(t.interpreter.session.listing.count == 20)
        t.given("more")
        t.given("more")
        #expect(t.sink.all.last?.hasPrefix("  36 ") == true)
        t.send("more", ["error: more: that was the last page (36 ads)"], succeeds: false)
        t.given("open 15")
        #expect(t.sink.all.first == "Canapé d'angle convertible")
        t.given("set output json")
        t.given("ads")
        #expect(t.sink.all.first?.contains("{\"n\":36,") == true)
    }

    @Test func withNothingCachedAndNoNetworkTheErrorSaysHowToGetOne() throws {
        let t = try tester()
        t.send("ads", ["error: ads: nothing is cached and cannot reach file:///nonexistent/errand-offline/categories.json: no such file; get a catalogue with sync URL, e.g. sync file:///path/to/folder (holding listing.json and categories.json)"],
               succeeds: false)
        t.send("filter Mode", ["error: filter: no ads are cached yet: type ads or sync URL first"], succeeds: false)
    }

    @Test func aStaleCacheIsShownWithAWarningWhenRefreshFails() throws {
        let t = try tester()
        t.given("sync \(Self.sample)")
        var old = try #require(try t.store.catalogue())
        old.fetched -= 2 * 3_600
        old.source = "file:///nonexistent/gone/"
        _ = try t.store.replaceCatalogue(old)
        t.given("ads")
        #expect(t.sink.all.first == "warning: could not refresh (cannot reach file:///nonexistent/gone/categories.json: no such file); showing the cache from 2 hours ago")
        #expect(t.sink.all.dropFirst().first == "All ads: 36 ads, cached 2 hours ago")
    }

    @Test(arguments: ["sqlite", "plist"])
    func hostileTextNeverReachesTheTerminalRaw(_ backend: String) throws {
        let dir = NSTemporaryDirectory() + "errand-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let evil = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mred\r\u{08}\u{9B}"
        let categories: [[String: Any]] = [["id": 1, "name": "Cat" + evil]]
        let ads: [[String: Any]] = [[
            "id": 1, "category_id": 1, "title": "Title" + evil, "description": "Desc" + evil, "price": 1,
            "images_url": ["small": "http://x/" + evil], "creation_date": "2019-11-05T15:56:59+0000",
            "is_urgent": true, "siret": "S" + evil,
        ]]
        try JSONSerialization.data(withJSONObject: categories).write(to: URL(fileURLWithPath: dir + "/categories.json"))
        try JSONSerialization.data(withJSONObject: ads).write(to: URL(fileURLWithPath: dir + "/listing.json"))
        let t = try tester(backend)
        for line in ["sync \(dir)", "ads", "open 1", "categories", "filter"] {
            t.given(line)
            for output in t.sink.all {
                #expect(!output.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) },
                        "\(line): \(output.debugDescription)")
            }
        }
        t.given("set output json")
        t.given("open 1")
        let json = try #require(t.sink.all.first)
        #expect(json.contains("Title\u{FFFD}]0;pwned\u{FFFD}"))
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 })
        // The store that holds it still opens and reads back the same catalogue.
        let reopened = try StoreOpener.open(path: t.store.path, backend: t.backend)
        #expect(try reopened.catalogue() == (try t.store.catalogue()))
    }

    @Test func filterCompletesCategoryNamesWithAccentsAndSlashes() throws {
        let t = try tester()
        t.given("sync \(Self.sample)")
        let complete = { (line: String) in
            Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
                .complete(line).candidates.map(\.insert)
        }
        #expect(complete("filter multi") == ["Multimédia"])
        #expect(complete("filter Liv") == ["Livres/CD/DVD"])
        #expect(complete("filter vehi") == ["Véhicule"])
    }
}
