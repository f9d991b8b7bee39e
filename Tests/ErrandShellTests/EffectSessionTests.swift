import ErrandCatalogue
import ErrandDomain
import ErrandPlaces
import ErrandShell
import ErrandStorage
import ErrandSync
import Foundation
import Testing

/// Issue 41, item 3: the commands that reach outside (a sync, a catalogue fetch, a geocoded
/// place, the editor) ask for an Effect, and these tests answer it: what each command asked
/// for is asserted, and what it makes of the answer, with no helper process and no server.
struct EffectSessionTests {
    static let remote = "https://me:secret@dav.example/cal/tasks/"

    @Test(arguments: ["sqlite", "plist"])
    func syncTodosAsksForTheSyncAndSaysWhatItAnswered(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.interpreter.environment.remoteURL = EffectSessionTests.remote
        t.expect(.syncTodos(remote: EffectSessionTests.remote)) { _ in .synced("synced: 1 sent, 2 received") }
        t.send("sync todos", ["synced: 1 sent, 2 received"])
        // What the sync throws is the one line the user sees; the password never shows.
        t.expect(.syncTodos(remote: EffectSessionTests.remote)) { _ in
            throw SyncError.status(url: EffectSessionTests.remote, method: "PUT", code: 507, location: nil)
        }
        t.send("sync todos", ["error: https://me:***@dav.example/cal/tasks/ answered PUT with HTTP 507: the server has no room left "
                              + "(its storage or the account's quota is full); what was sent before is kept"], succeeds: false)
        #expect(t.effects?.asked.count == 2)
    }

    @Test(arguments: ["sqlite", "plist"])
    func syncAdsAsksForTheCatalogueThenThePhotos(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let summary = CatalogueSummary(source: "https://ads.example/", fetched: 0, categories: [], counts: [1: 3])
        t.expect(.fetchCatalogue(base: "https://ads.example/")) { _ in
            .fetched(summary, CatalogueChange(added: 3, updated: 0, removed: 0))
        }
        t.send("sync ads https://ads.example/", ["synced 3 ads in 0 categories from https://ads.example/: 3 new, 0 updated, 0 removed"])
        var outcome = PrefetchOutcome()
        outcome.fetched = 2
        outcome.failed = 1
        outcome.firstFailure = "cannot reach img.example"
        t.expect(.fetchCatalogue(base: "https://ads.example/")) { _ in .fetched(summary, CatalogueChange(added: 0, updated: 1, removed: 0)) }
        t.expect(.downloadPhotos([])) { _ in .photos(outcome) }
        t.send("sync ads https://ads.example/ --images", ["synced 3 ads in 0 categories from https://ads.example/: 0 new, 1 updated, "
                                                           + "0 removed; photos: 2 downloaded, 0 already cached, 1 failed (the first: cannot reach img.example)"])
        // No image cache here: said so in the sync's line.
        t.expect(.fetchCatalogue(base: "https://ads.example/")) { _ in .fetched(summary, CatalogueChange(added: 0, updated: 0, removed: 0)) }
        t.expect(.downloadPhotos([])) { _ in .photos(nil) }
        t.send("sync ads https://ads.example/ --images",
               ["synced 3 ads in 0 categories from https://ads.example/: 0 new, 0 updated, 0 removed; photos: no image cache here"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func createAtAPlaceAsksWhereItIs(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let lyon = PlaceMatch(coordinate: try Coordinate(latitude: 48.8443, longitude: 2.3744), address: "Gare de Lyon, Paris")
        t.expect(.geocode(place: "Gare de Lyon", retry: false)) { _ in .located(.success(lyon)) }
        t.send("create Train --at \"Gare de Lyon\"", ["created \"Train\" for Sun Nov 29 2026",
                                                     "located \"Gare de Lyon\" at 48.8443, 2.3744: matched \"Gare de Lyon, Paris\""]) {
            $0.tab = .create
            $0.tabTrail = [.view]
            $0.stacks[.create] = [.createForm]
        }
        #expect(try t.item(1).location?.coordinate == lyon.coordinate)
        t.expect(.geocode(place: "Nowhere Street", retry: false)) { _ in .located(.failure(.unreachable("cannot reach geo.example: timed out"))) }
        t.send("create Post --at \"Nowhere Street\"", ["created \"Post\" for Sun Nov 29 2026",
                                                      "not located: cannot reach geo.example: timed out; saved with the place name only "
                                                      + "(list, then locate N, tries again); later places are saved by name without asking"])
        #expect(try t.item(2).location == Location(name: "Nowhere Street"))
    }

    @Test(arguments: ["sqlite", "plist"])
    func notesAskForTheEditorAndSaveWhatItGaveBack(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Milk")
        t.given("list")
        t.expect(.editNotes("")) { _ in .edited("Buy oat milk") }
        t.send("notes 1", ["notes of \"Milk\" saved", "All items", "To do", "  1  Sun Nov 29    Milk"]) {
            $0.listing = [.item(try t.item(1))]
        }
        #expect(try t.item(1).notes == "Buy oat milk")
        t.expect(.editNotes("Buy oat milk")) { _ in .edited(nil) }
        t.send("notes 1", ["notes of \"Milk\" unchanged"])
        // Deleted by another errand while the editor was open: what was typed is kept in a file.
        t.expect(.editNotes("Buy oat milk")) { environment in
            _ = try environment.store.delete(id: ShellTester.id(1), expecting: nil)
            return .edited("Oat, not cow")
        }
        t.sink.reset()
        #expect(!t.runner.runOne("notes 1"))
        let said = t.sink.all.joined(separator: "\n")
        let kept = try #require(said.components(separatedBy: "your notes are kept in ").last?.trimmingCharacters(in: .whitespaces))
        #expect(said.hasPrefix("error: notes: \"Milk\" was deleted while you edited"), "\(said)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Oat, not cow")
        #expect(t.effects?.unanswered.isEmpty == true)
    }
}
