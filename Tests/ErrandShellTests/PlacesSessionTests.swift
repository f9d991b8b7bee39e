import ErrandDomain
import ErrandHelpers
import ErrandPlaces
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Places in the shell: create/edit --at looked up through a loopback geocoder, locate, near,
/// map links in details, on both backends; whole output and session asserted.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct PlacesSessionTests {
    static let today = ShellTester.today
    static let rueDeLaPaix = Data("""
        [{"lat":"48.8698","lon":"2.3311","display_name":"Rue de la Paix, Quartier Vendôme, Paris, France"},
         {"lat":"46.2","lon":"6.15","display_name":"Rue de la Paix, Genève"},
         {"lat":"48.1","lon":"-1.68","display_name":"Rue de la Paix, Rennes"}]
        """.utf8)
    static let louvre = Data("[{\"lat\":\"48.8606\",\"lon\":\"2.3376\",\"display_name\":\"Musée du Louvre, Paris\"}]".utf8)

    /// A tester whose geocoder is the loopback server (no pacing: the pacer has its own test).
    static func tester(_ backend: String, _ server: LoopbackServer) throws -> ShellTester {
        let t = try ShellTester(backend: backend)
        t.interpreter.environment.geocoder = Geocoder(base: server.base, downloader: HelperDownloader(),
                                                      pacer: RequestPacer(interval: 0))
        return t
    }

    @Test(arguments: ["sqlite", "plist"])
    func createLooksThePlaceUpOnceAndTheDetailSaysWhatItMatched(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/search": .body(Self.rueDeLaPaix)])
        defer { server.stop() }
        let t = try Self.tester(backend, server)
        t.given("day today")
        t.send("create Jeweller --at \"12 rue de la Paix, Paris\"", [
            "created \"Jeweller\" for Sun Nov 29 2026",
            "located \"12 rue de la Paix, Paris\" at 48.8698, 2.3311: matched \"Rue de la Paix, Quartier Vendôme, Paris, France\" (first of 3)",
            "Sun Nov 29 2026", "To do", "  1    Jeweller  @ 12 rue de la Paix, Paris",
        ]) { s in
            s.listing = [.item(try t.item(1))]
        }
        let saved = try t.item(1)
        #expect(saved.location == Location(name: "12 rue de la Paix, Paris", coordinate: try Coordinate(latitude: 48.8698, longitude: 2.3311)))
        // The same place again: from the cache, no second request.
        t.given("create Watch repair --at \"12 Rue de la Paix,  Paris\"")
        #expect(server.requests.count == 1)
        #expect(try t.item(2).location?.coordinate == saved.location?.coordinate)
        t.send("open 1", [
            "Jeweller", "  Due       Sun Nov 29 2026", "  Place     12 rue de la Paix, Paris (48.8698, 2.3311)",
            "  Matched   Rue de la Paix, Quartier Vendôme, Paris, France",
            "  Map       https://www.openstreetmap.org/?mlat=48.8698&mlon=2.3311#map=16/48.8698/2.3311", "  State     to do",
        ]) { $0.stack.append(.item(saved)) }
        t.given("set output json")
        t.send("open 1", ["{\"ok\":true,\"command\":\"open\",\"screen\":\"item\",\"item\":{\"id\":\"00000000-0000-0000-0000-000000000001\",\"title\":\"Jeweller\",\"date\":\"2026-11-29\",\"done\":false,\"location\":{\"name\":\"12 rue de la Paix, Paris\",\"latitude\":48.8698,\"longitude\":2.3311,\"map\":\"https://www.openstreetmap.org/?mlat=48.8698&mlon=2.3311#map=16/48.8698/2.3311\",\"matched\":\"Rue de la Paix, Quartier Vendôme, Paris, France\"}}}"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func aPlaceNotFoundIsSavedByNameWithOneLineAndLocateTriesAgain(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/search": .body(Data("[]".utf8))])
        defer { server.stop() }
        let t = try Self.tester(backend, server)
        t.given("day today")
        t.send("create Picnic --at \"Parc Imaginaire\"", [
            "created \"Picnic\" for Sun Nov 29 2026",
            "not located: no place called \"Parc Imaginaire\" was found; saved with the place name only (locate 1 tries again)",
            "Sun Nov 29 2026", "To do", "  1    Picnic  @ Parc Imaginaire",
        ]) { s in
            s.listing = [.item(try t.item(1))]
        }
        let unplaced = try t.item(1)
        #expect(unplaced.location == Location(name: "Parc Imaginaire"))
        // locate asks again even though "no such place" is cached; a better address works.
        t.send("locate 1", ["error: locate: not located: no place called \"Parc Imaginaire\" was found"], succeeds: false)
        #expect(server.requests.count == 2)
        server.set("/search", .body(Self.louvre))
        t.send("locate 1 \"Musée du Louvre\"", [
            "located \"Musée du Louvre\" at 48.8606, 2.3376: matched \"Musée du Louvre, Paris\"",
            "Sun Nov 29 2026", "To do", "  1    Picnic  @ Parc Imaginaire",
        ]) { s in
            s.listing = [.item(try t.item(1))]
        }
        #expect(try t.item(1).location == Location(name: "Parc Imaginaire", coordinate: try Coordinate(latitude: 48.8606, longitude: 2.3376)))
        t.send("undo", ["undid the locate of \"Picnic\" (Sun Nov 29)", "Sun Nov 29 2026", "To do", "  1    Picnic  @ Parc Imaginaire"]) { s in
            s.listing = [.item(unplaced)]
        }
    }

    @Test func offlineAnErrorOrNoGeocodeSaveTheNameOnly() throws {
        let server = try LoopbackServer(routes: ["/search": .status(500)])
        defer { server.stop() }
        let t = try Self.tester("sqlite", server)
        t.given("day today")
        t.send("create A --at Somewhere --no-geocode", ["created \"A\" for Sun Nov 29 2026", "Sun Nov 29 2026", "To do",
                                                         "  1    A  @ Somewhere"]) { s in
            s.listing = [.item(try t.item(1))]
        }
        #expect(server.requests.isEmpty)
        t.given("create B --at Somewhere")
        #expect(t.sink.all.dropFirst().first
                == "not located: 127.0.0.1 answered HTTP 500; saved with the place name only (locate 2 tries again)")
        #expect(try t.item(2).location == Location(name: "Somewhere"))
        t.interpreter.environment.geocoder = Geocoder(base: "http://127.0.0.1:1/", downloader: HelperDownloader(),
                                                      pacer: RequestPacer(interval: 0))
        t.given("edit 1 --at Elsewhere")
        #expect(t.sink.all.dropFirst().first
                == "not located: cannot reach 127.0.0.1: connection refused; saved with the place name only (locate 1 tries again); later places are saved by name without asking")
        #expect(try t.item(1).location == Location(name: "Elsewhere"))
        // Coordinates given by hand are never looked up; with geocoding off nothing is said.
        t.given("create C --at There --coords 1,2")
        #expect(t.sink.all.count == 1 + 2 + 3)
        t.interpreter.environment.geocoder = nil
        t.given("create D --at Nowhere")
        #expect(t.sink.all.count == 1 + 2 + 4)
        t.send("locate 4", ["error: locate: not located: geocoding is off (ERRAND_GEOCODER=off)"], succeeds: false)
        #expect(server.requests.count == 1)
        // Created from the week, the item is in no list yet: the hint says how to reach it.
        t.interpreter.environment.geocoder = Geocoder(base: server.base, downloader: HelperDownloader(),
                                                      pacer: RequestPacer(interval: 0))
        t.given("view")
        t.given("create E --at Somewhere")
        #expect(t.sink.all.dropFirst().first
                == "not located: 127.0.0.1 answered HTTP 500; saved with the place name only (list, then locate N, tries again)")
    }

    @Test(arguments: ["sqlite", "plist"])
    func nearListsOpenItemsByDistanceNumberedForOpenAndCheck(_ backend: String) throws {
        let server = try LoopbackServer(routes: ["/search": .body(Self.louvre)])
        defer { server.stop() }
        let t = try Self.tester(backend, server)
        t.given("create Bouchon --date tomorrow --at Lyon --coords 45.764,4.8357")
        t.given("create Louvre --at Louvre --coords 48.8606,2.3376")
        t.given("create Calanques --at Marseille --coords 43.2951,5.3744")
        t.given("create Call mum")
        t.given("create Somewhere --at \"No coordinates\" --no-geocode")
        let bouchon = try t.item(1), louvre = try t.item(2), calanques = try t.item(3)
        let centre = NearbyCentre(point: try Coordinate(latitude: 48.8566, longitude: 2.3522), label: "48.8566, 2.3522", radius: nil)
        t.send("near 48.8566,2.3522", [
            "Open items near 48.8566, 2.3522", "To do",
            "  1  1.2 km  Sun Nov 29    Louvre     @ Louvre",
            "  2  391 km  Mon Nov 30    Bouchon    @ Lyon",
            "  3  661 km  Sun Nov 29    Calanques  @ Marseille",
            "  2 items without coordinates not listed",
        ]) { s in
            s.tab = .view
            s.stack = [.week(start: Self.today), .near(centre)]
            s.listing = [.item(louvre), .item(bouchon), .item(calanques)]
        }
        var within = centre
        within.radius = 400_000
        t.send("check 2", ["checked \"Bouchon\": moved to Done", "Open items near 48.8566, 2.3522", "To do",
                           "  1  1.2 km  Sun Nov 29    Louvre     @ Louvre",
                           "  2  661 km  Sun Nov 29    Calanques  @ Marseille",
                           "  2 items without coordinates not listed"]) { s in
            s.listing = [.item(louvre), .item(calanques)]
        }
        t.given("undo")
        t.send("near 48.8566,2.3522 --within 400km", [
            "Open items near 48.8566, 2.3522, within 400 km", "To do",
            "  1  1.2 km  Sun Nov 29    Louvre   @ Louvre",
            "  2  391 km  Mon Nov 30    Bouchon  @ Lyon",
            "  2 items without coordinates not listed",
        ]) { s in
            s.stack = [.week(start: Self.today), .near(within)]
            s.listing = [.item(louvre), .item(bouchon)]
        }
        t.send("open 2", ["Bouchon", "  Due       Mon Nov 30 2026", "  Place     Lyon (45.764, 4.8357)",
                          "  Map       https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=16/45.764/4.8357",
                          "  State     to do"]) { $0.stack.append(.item(bouchon)) }
        #expect(t.runner.prompt == "view › near 48.8566, 2.3522 › Bouchon> ")
        // By name: the geocoder once, then the cache (Tab offers it).
        t.given("near Louvre museum --within 5km")
        t.given("near louvre MUSEUM")
        #expect(server.requests.count == 1)
        #expect(Completer(table: .standard, session: t.interpreter.session, environment: t.interpreter.environment)
            .complete("near lou").candidates.map(\.insert) == ["Louvre", "\"Louvre museum\""])
        t.given("set output json")
        t.send("near 48.8566,2.3522 --within 2km", ["{\"ok\":true,\"command\":\"near\",\"screen\":\"near\",\"heading\":\"Open items near 48.8566, 2.3522, within 2 km\",\"place\":\"48.8566, 2.3522\",\"latitude\":48.8566,\"longitude\":2.3522,\"within\":2000.0,\"total\":1,\"unplaced\":2,\"items\":[{\"n\":1,\"distance\":1157.0,\"id\":\"00000000-0000-0000-0000-000000000002\",\"title\":\"Louvre\",\"date\":\"2026-11-29\",\"done\":false,\"location\":{\"name\":\"Louvre\",\"latitude\":48.8606,\"longitude\":2.3376,\"map\":\"https://www.openstreetmap.org/?mlat=48.8606&mlon=2.3376#map=16/48.8606/2.3376\"}}]}"]) { s in
            within.radius = 2_000
            s.stack = [.week(start: Self.today), .near(within)]
            s.listing = [.item(louvre)]
        }
    }

    /// A page of a crowded range: the rows nearest first, and "more" without counting the
    /// range (SQLite); `more` goes on with one numbering until the range is done.
    @Test func aCrowdedRangePagesWithoutCountingIt() throws {
        let t = try ShellTester()
        for i in 1...5 { t.given("create Spot \(i) --at Here --coords 48.85\(i),2.35") }
        t.given("set pagesize 2")
        t.given("near 48.85,2.35 --within 5km")
        #expect(t.sink.all == ["Open items near 48.85, 2.35, within 5 km", "To do",
                               "  1  111 m  Sun Nov 29    Spot 1  @ Here", "  2  222 m  Sun Nov 29    Spot 2  @ Here",
                               "  2 shown, more in range: more for the next page"])
        t.given("more")
        t.given("more")
        #expect(t.sink.all.last == "  5  556 m  Sun Nov 29    Spot 5  @ Here")
        t.send("more", ["error: more: that was the last page (5 items)"], succeeds: false)
    }

    @Test func nearRefusesWhatItCannotPlace() throws {
        let t = try ShellTester()
        t.send("near Paris", ["error: near: cannot place \"Paris\": geocoding is off (ERRAND_GEOCODER=off); give LAT,LON"],
               succeeds: false)
        t.send("near 91,2", ["error: near: 91,2 is not a point on Earth: latitude -90 to 90, longitude -180 to 180"], succeeds: false)
        t.send("near 1,2 --within far", ["error: near: --within needs a distance such as 500m, 5km or 3mi, not \"far\""],
               succeeds: false)
        t.send("near 1,2 --within 0km", ["error: near: --within needs a distance such as 500m, 5km or 3mi, not \"0km\""],
               succeeds: false)
        t.send("near", ["error: near: missing PLACE (usage: near PLACE [--within DISTANCE])"], succeeds: false)
        t.send("near 1,2", ["Open items near 1, 2", "  no open item has coordinates"]) { s in
            s.stack = [.week(start: Self.today), .near(NearbyCentre(point: try Coordinate(latitude: 1, longitude: 2), label: "1, 2", radius: nil))]
            s.listing = []
        }
    }

    /// At a terminal that shows hyperlinks, the place's name links to its map (OSC 8); the
    /// map's URL stays whole however narrow the screen.
    @Test func thePlaceNameIsAHyperlinkWhereTheTerminalShowsThem() throws {
        let item = TodoItem(id: ShellTester.id(1), title: "Louvre", due: Self.today,
                            location: Location(name: "Louvre", coordinate: try Coordinate(latitude: 48.8606, longitude: 2.3376)),
                            created: Date(timeIntervalSince1970: 0))
        var presenter = TextPresenter(width: 40, color: false, labeler: .english)
        let display = Display(screen: .detail(item, dayLabel: "Sun Nov 29 2026", matched: nil))
        let url = "https://www.openstreetmap.org/?mlat=48.8606&mlon=2.3376#map=16/48.8606/2.3376"
        #expect(presenter.lines(for: display).dropFirst(2).prefix(2) == ["  Place     Louvre (48.8606, 2.3376)", "  Map       " + url])
        presenter.links = true
        #expect(presenter.lines(for: display).dropFirst(2).first
                == "  Place     \u{1B}]8;;\(url)\u{1B}\\Louvre\u{1B}]8;;\u{1B}\\ (48.8606, 2.3376)")
    }

    /// The real program: ERRAND_GEOCODER reaches the helper, which names Errand to the service.
    @Test func theProgramAsksTheServiceItIsGiven() throws {
        let server = try LoopbackServer(routes: ["/search": .body(Self.rueDeLaPaix)])
        defer { server.stop() }
        let dir = NSTemporaryDirectory() + "errand-places-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var env = ["XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state", "HOME": dir, "ERRAND_TODAY": "2026-11-29",
                   "ERRAND_GEOCODER": server.base]
        let (status, out, _) = try ChildProcess.run(["--store", dir + "/s.sqlite", "--create", "-c", "create Jeweller --at \"rue de la Paix\""],
                                                    environment: env)
        #expect(status == 0)
        #expect(out == "created \"Jeweller\" for Sun Nov 29 2026\nlocated \"rue de la Paix\" at 48.8698, 2.3311: matched "
                + "\"Rue de la Paix, Quartier Vendôme, Paris, France\" (first of 3)\n")
        #expect(server.requests.map(\.path) == ["/search?format=jsonv2&limit=5&q=rue%20de%20la%20Paix"])
        #expect(server.requests.first?.userAgent?.hasPrefix("Errand/") == true)
        env["ERRAND_GEOCODER"] = "off"
        let (_, quiet, _) = try ChildProcess.run(["--store", dir + "/s.sqlite", "-c", "create Other --at Elsewhere"],
                                                 environment: env)
        #expect(quiet == "created \"Other\" for Sun Nov 29 2026\n")
        #expect(server.requests.count == 1)
    }
}
