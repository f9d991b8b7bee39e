import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The alert battery on a catalogue of our own served from loopback: `run NAME --new` after
/// each `sync ads` lists the new ads and the cheaper ones once, a re-post only when cheaper,
/// and nothing at all when nothing is new; `star` keeps an ad that left; the detail shows
/// the earlier prices. On both backends.
@Suite(.serialized, .tags(.server), .fullLane) struct AlertSessionTests {
    struct Listed {
        var id: Int64
        var title: String
        var price: Double
        var category: Int64 = 1
        var day = 20
        var siret: String?
    }

    static let categories = Data(#"[{"id":1,"name":"Maison"},{"id":2,"name":"Véhicule"}]"#.utf8)

    static func listing(_ ads: [Listed]) -> Data {
        let rows = ads.map { ad in
            #"{"id":\#(ad.id),"category_id":\#(ad.category),"title":"\#(ad.title)","description":"à vendre: \#(ad.title)","#
                + #""price":\#(ad.price),"images_url":{},"creation_date":"2026-11-\#(ad.day)T10:00:00+0000","is_urgent":false,"#
                + #""siret":\#(ad.siret.map { "\"\($0)\"" } ?? "null")}"#
        }
        return Data(("[" + rows.joined(separator: ",") + "]").utf8)
    }

    static let first = [Listed(id: 1, title: "Canapé", price: 300, day: 21, siret: "123"), Listed(id: 2, title: "Table", price: 450),
                        Listed(id: 3, title: "Buffet", price: 900), Listed(id: 4, title: "Vélo", price: 100, category: 2)]

    @Test(arguments: ["sqlite", "plist"])
    func newAdsCheaperAdsAndRepostsOnceThenSilence(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/categories.json": .body(Self.categories),
                                                 "/listing.json": .body(Self.listing(Self.first))])
        defer { server.stop() }
        let t = try ShellTester(backend: backend)
        t.given("sync \(server.base)")
        t.given("ads")
        t.given("find cat:Maison price:<500")
        t.given("save flat")
        t.send("run flat --new", [
            "New for \"flat\" (cat:Maison price:<500): 2 ads",
            "  1 · Maison  300,00\u{00A0}€  2026-11-21  Canapé",
            "  2 · Maison  450,00\u{00A0}€  2026-11-20  Table",
        ]) { session in
            session.stack = [.ads]
            session.listing = try [1, 2].map { id in .ad(try #require(try t.store.ad(id: id)?.ad)) }
        }
        t.send("run flat --new", []) { $0.listing = [] }

        // The sofa is re-posted as id 7 at the same price (no news), the table is cheaper, a
        // chair is new.
        server.set("/listing.json", .body(Self.listing([
            Listed(id: 7, title: "Canapé", price: 300, day: 22, siret: "123"), Listed(id: 2, title: "Table", price: 400),
            Listed(id: 3, title: "Buffet", price: 900), Listed(id: 5, title: "Chaise", price: 50, day: 19),
        ])))
        t.given("sync ads")
        t.send("run flat --new", [
            "New for \"flat\" (cat:Maison price:<500): 2 ads",
            "  1 · Maison  400,00\u{00A0}€  2026-11-20  Table (was 450,00\u{00A0}€)",
            "  2 · Maison   50,00\u{00A0}€  2026-11-19  Chaise",
        ]) { session in
            session.listing = try [2, 5].map { id in .ad(try #require(try t.store.ad(id: id)?.ad)) }
        }
        t.given("open 1")
        #expect(t.sink.all.contains("  Price        400,00\u{00A0}€"))
        #expect(t.sink.all.contains("               was 450,00\u{00A0}€ on Sun Nov 29"))
        t.given("back")
        t.send("run flat --new", []) { $0.listing = [] }

        // Re-posted again, cheaper: news, marked.
        server.set("/listing.json", .body(Self.listing([
            Listed(id: 8, title: "Canapé", price: 250, day: 23, siret: "123"), Listed(id: 2, title: "Table", price: 400),
            Listed(id: 5, title: "Chaise", price: 50, day: 19),
        ])))
        t.given("sync ads")
        t.given("run flat --new")
        #expect(t.sink.all == ["New for \"flat\" (cat:Maison price:<500): 1 ad",
                               "  1 · Maison  250,00\u{00A0}€  2026-11-23  Canapé (reposted, was 300,00\u{00A0}€)"])
        t.send("run flat --new", []) { $0.listing = [] }
        t.send("run nosuch --new", ["error: run: no saved search \"nosuch\"; saved lists them"], succeeds: false)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aStarredAdStaysAfterItLeavesMarkedGone(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/categories.json": .body(Self.categories),
                                                 "/listing.json": .body(Self.listing(Self.first))])
        defer { server.stop() }
        let t = try ShellTester(backend: backend)
        t.given("sync \(server.base)")
        t.given("ads")
        t.given("star 1 2")
        #expect(t.sink.all == ["starred 2 ads"])
        t.given("star 1")
        #expect(t.sink.all == ["starred 0 ads (1 already starred)"])
        server.set("/listing.json", .body(Self.listing(Array(Self.first.dropFirst()))))
        t.given("sync ads")
        t.given("find is:starred")
        #expect(t.sink.all == ["Ads matching \"is:starred\" in all categories: 2 ads, cached 0 seconds ago",
                               "  1 · Maison  300,00\u{00A0}€  2026-11-21  ★ Canapé (gone)",
                               "  2 · Maison  450,00\u{00A0}€  2026-11-20  ★ Table"])
        t.given("unstar 1")
        t.given("find is:starred")
        #expect(t.sink.all.count == 2)
        #expect(try t.store.ad(id: 1) == nil)
        t.send("star 2", ["error: star: no row \"2\": choose a number from 1 to 1"], succeeds: false)
    }

    /// `star` is not undone by undo: undo says so and reverts nothing, not the step before;
    /// once another change follows, undo reverts that one, then the one before the star.
    @Test(arguments: ["sqlite", "plist"])
    func undoAfterStarRefusesRatherThanRevertTheStepBefore(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/categories.json": .body(Self.categories),
                                                 "/listing.json": .body(Self.listing(Self.first))])
        defer { server.stop() }
        let t = try ShellTester(backend: backend)
        t.given("create Bread")
        t.given("sync \(server.base)")
        t.given("ads")
        t.given("star 1")
        t.send("undo", ["error: undo: the last change, star, cannot be undone (unstar reverts it); nothing was changed"],
               succeeds: false)
        #expect(try t.store.allItems().count == 1)
        #expect(try t.store.ad(id: 1)?.ad.isStarred == true)
        t.given("unstar 1")
        t.send("undo", ["error: undo: the last change, unstar, cannot be undone (star reverts it); nothing was changed"],
               succeeds: false)
        t.given("create Milk")
        t.given("undo")
        #expect(try t.store.allItems().map(\.title) == ["Bread"])
        t.given("undo")
        #expect(try t.store.allItems().isEmpty)
        #expect(try t.store.ad(id: 1)?.ad.isStarred == false)
    }

    /// In JSON, `run NAME --new` gives the parsed query beside its rows, as `find` does.
    @Test(arguments: ["sqlite", "plist"])
    func runNewInJSONGivesTheQuery(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/categories.json": .body(Self.categories),
                                                 "/listing.json": .body(Self.listing(Self.first))])
        defer { server.stop() }
        let t = try ShellTester(backend: backend)
        t.given("sync \(server.base)")
        t.given("ads")
        t.given("find cat:Maison price:<400")
        t.given("save cheap")
        t.given("set output json")
        t.given("run cheap --new")
        let query = #""query":{"text":"cat:Maison price:<400","outline":"(and cat:Maison price:..<400)"}"#
        #expect(t.sink.all.count == 1 && t.sink.all.allSatisfy { $0.contains(query) && $0.contains(#""id":1"#) })
        t.given("run cheap --new")
        #expect(t.sink.all.count == 1 && t.sink.all.allSatisfy { $0.contains(query) && $0.contains(#""items":[]"#) })
    }

    @Test func badNamesGetOneLineAndChangeNothing() throws {
        let t = try ShellTester()
        t.given("create \"Buy milk\" --date today")
        t.given("find milk")
        for (line, error) in [
            ("save \"\"", "error: save: a saved search needs a name"),
            ("save \"a\u{7}b\"", "error: save: a saved search's name cannot hold a control character"),
            ("save " + String(repeating: "n", count: 1_000), "error: save: a saved search's name holds at most 64 characters (this one 1000)"),
            ("run nothing", "error: run: no saved search \"nothing\" (save NAME saves the last find)"),
            ("forget nothing", "error: forget: no saved search \"nothing\" (save NAME saves the last find)"),
        ] {
            t.send(line, [error], succeeds: false)
        }
        #expect(try t.store.savedSearches().isEmpty)
        #expect(try t.store.journal(limit: 10).allSatisfy { $0.command == "create" })
        t.given("save milk")
        t.send("run milk --new", ["error: run: --new is for ads searches; \"milk\" is a to-do search (run milk lists it)"], succeeds: false)
    }

    @Test func tabCompletesSavedNames() throws {
        let t = try ShellTester()
        t.given("create \"Buy milk\" --date today")
        t.given("find milk")
        t.given("save milk")
        t.given("save mail")
        t.given("save bread")
        let completer = Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
        #expect(completer.complete("run m").candidates.map(\.insert) == ["mail", "milk"])
        #expect(completer.complete("forget b").candidates.map(\.insert) == ["bread"])
        #expect(completer.complete("save ").candidates.count == 3)
    }
}
