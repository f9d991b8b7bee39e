import ErrandDomain
import ErrandHelpers
import ErrandPlaces
import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Places with the geocoder out of reach (issue 27, item 14): said once, not waited for again,
/// not asked for a place the edit left alone nor for one an item already has.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct OfflinePlacesSessionTests {
    final class Sleeps: @unchecked Sendable {
        var slept: [Double] = []
    }

    /// A geocoder nobody answers (a closed port), paced at one a second on a clock that never
    /// moves, so every wait the pacer asks for is counted and none is slept.
    static func offline(_ t: ShellTester, _ sleeps: Sleeps) {
        t.interpreter.environment.geocoder = Geocoder(
            base: "http://127.0.0.1:1/", downloader: HelperDownloader(),
            pacer: RequestPacer(interval: 1, now: { 1_000 }, sleep: { sleeps.slept.append($0) }))
    }

    @Test(arguments: ["sqlite", "plist"])
    func sixCreatesOfflineSayItOnceAndDoNotWait(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let sleeps = Sleeps()
        Self.offline(t, sleeps)
        t.given("day today")
        t.send("create Dentist --at Clinique", [
            "created \"Dentist\" for Sun Nov 29 2026",
            "not located: cannot reach 127.0.0.1: connection refused; saved with the place name only (locate 1 tries again); later places are saved by name without asking",
            "Sun Nov 29 2026", "To do", "  1    Dentist  @ Clinique",
        ]) { s in
            s.listing = [.item(try t.item(1))]
        }
        for (n, place) in ["Gare", "Mairie", "Poste", "Marché", "Piscine"].enumerated() {
            t.given("create Errand \(n) --at \(place)")
            #expect(t.sink.all.first == "created \"Errand \(n)\" for Sun Nov 29 2026")
            #expect(!t.sink.all.contains { $0.contains("not located") })
        }
        #expect(sleeps.slept.isEmpty)
        #expect(try t.store.allItems().allSatisfy { $0.location?.coordinate == nil })
        // locate asks on purpose, and says why it could not.
        t.send("locate 1", ["error: locate: not located: cannot reach 127.0.0.1: connection refused"], succeeds: false)
        // near by name: the failure of earlier, without asking.
        t.send("near Gare", ["error: near: cannot reach 127.0.0.1: connection refused earlier in this session, so it was not asked again"],
               succeeds: false)
    }

    @Test(arguments: ["sqlite", "plist"])
    func anEditThatLeavesThePlaceAloneDoesNotAskAgain(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/search": .status(500)])
        defer { server.stop() }
        let answers = ScriptedPrompter([])
        let t = try ShellTester(backend: backend, prompter: answers)
        t.interpreter.environment.geocoder = Geocoder(base: server.base, downloader: HelperDownloader(),
                                                      pacer: RequestPacer(interval: 0))
        t.given("create Picnic --date tomorrow --at \"Parc Imaginaire\"")
        #expect(server.requests.count == 1)
        t.given("list")
        // The form gives the place back as it was: only the title changes.
        answers.load(["Picnic in the park", "2026-11-30", "", "Parc Imaginaire", "", "", "", "", "", ""])
        t.send("edit 1", ["edited \"Picnic in the park\" (Mon Nov 30 2026)", "All items", "To do",
                          "  1  Mon Nov 30    Picnic in the park  @ Parc Imaginaire"]) {
            $0.listing = [.item(try t.item(1))]
        }
        t.given("edit 1 --at \"PARC  imaginaire\" --notes bring a ball")
        #expect(server.requests.count == 1)
        // The same place with coordinates keeps them when the edit names it again.
        t.given("edit 1 --at \"Parc Imaginaire\" --coords 48.85,2.35")
        t.given("edit 1 --at \"Parc imaginaire\"")
        #expect(try t.item(1).location?.coordinate == (try Coordinate(latitude: 48.85, longitude: 2.35)))
        // Another place is looked up.
        t.given("edit 1 --at Louvre")
        #expect(server.requests.count == 2)
    }

    @Test(arguments: ["sqlite", "plist"])
    func nearAPlaceAnItemHasNeedsNoNetwork(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/search": .status(500)])
        defer { server.stop() }
        let t = try ShellTester(backend: backend)
        t.interpreter.environment.geocoder = Geocoder(base: server.base, downloader: HelperDownloader(),
                                                      pacer: RequestPacer(interval: 0))
        t.given("create Dentist --date dec 2 09:30 --at \"Clinique du Parc\" --coords 48.85,2.35")
        t.given("create Pharmacy --at Pharmacie --coords 48.851,2.35")
        t.send("near \"clinique du parc\"", [
            "Open items near \"clinique du parc\" (48.85, 2.35)",
            "To do",
            "  1    0 m  Wed Dec 2   09:30    Dentist   @ Clinique du Parc",
            "  2  111 m  Sun Nov 29           Pharmacy  @ Pharmacie",
        ]) { s in
            s.tab = .view
            s.stacks[.view] = [.week(start: ShellTester.today),
                       .near(NearbyCentre(point: try Coordinate(latitude: 48.85, longitude: 2.35), label: "clinique du parc",
                                          radius: nil))]
            s.listing = [.item(try t.item(1)), .item(try t.item(2))]
        }
        // A new item at that place takes its coordinates, without asking either.
        t.given("create Follow-up --at \"Clinique du Parc\"")
        #expect(t.sink.all.dropFirst().first == "located \"Clinique du Parc\" at 48.85, 2.35")
        #expect(try t.item(3).location?.coordinate == (try Coordinate(latitude: 48.85, longitude: 2.35)))
        #expect(server.requests.isEmpty)
    }
}
