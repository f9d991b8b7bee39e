@testable import ErrandPlaces
import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// The geocoder against a loopback server that answers as Nominatim does: through the real
/// errand-fetch helper, so the User-Agent, the bounds and the one-line errors are the ones a
/// user gets. The cache is checked by counting the requests the server saw.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct GeocoderTests {
    static let twoPlaces = Data("""
        [{"place_id":1,"licence":"Data © OpenStreetMap contributors","lat":"48.8698","lon":"2.3311",
          "display_name":"Rue de la Paix, Quartier Vendôme, Paris, France","importance":0.6,"boundingbox":["1","2","3","4"]},
         {"place_id":2,"lat":"46.2","lon":"6.15","display_name":"Rue de la Paix, Genève, Suisse"},
         {"place_id":3,"lat":48.1,"lon":-1.68,"display_name":"Rue de la Paix, Rennes"}]
        """.utf8)

    /// No pacing in most tests: the pacer has its own test, with an injected clock.
    static func geocoder(_ server: LoopbackServer, limits: FetchLimits = Geocoder.limits) throws -> Geocoder {
        try #require(Geocoder(base: server.base, downloader: HelperDownloader(userAgent: "Errand/test (geocoder tests)"),
                              pacer: RequestPacer(interval: 0), limits: limits))
    }

    @Test(arguments: StoreBackend.allCases)
    func severalMatchesTakeTheFirstAndAreAskedForOnce(_ backend: StoreBackend) throws {
        let server = try LoopbackServer(routes: ["/search": .body(Self.twoPlaces)])
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(backend)
        let geocoder = try Self.geocoder(server)
        let found = try geocoder.locate("12 rue de la Paix, Paris", store: store, now: 100).get()
        #expect(found.coordinate == (try Coordinate(latitude: 48.8698, longitude: 2.3311)))
        #expect(found.address == "Rue de la Paix, Quartier Vendôme, Paris, France")
        #expect(found.candidates == 3)
        let request = try #require(server.requests.first)
        #expect(request.path == "/search?format=jsonv2&limit=5&q=12%20rue%20de%20la%20Paix%2C%20Paris")
        #expect(request.userAgent == "Errand/test (geocoder tests)")
        // The same place, typed another way, comes from the cache: no second request.
        #expect(try geocoder.locate("12 Rue de la Paix,  PARIS", store: store, now: 200).get() == found)
        #expect(server.requests.count == 1)
        #expect(try store.cachedPlace(key: PlaceKey.of("12 rue de la paix, paris"))?.fetched == 100)
        #expect(try store.placeNames(prefix: "12 RUE", limit: 10) == ["12 rue de la Paix, Paris"])
    }

    @Test(arguments: StoreBackend.allCases)
    func noMatchIsCachedButLocateAsksAgain(_ backend: StoreBackend) throws {
        let server = try LoopbackServer(routes: ["/search": .body(Data("[]".utf8))])
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(backend)
        let geocoder = try Self.geocoder(server)
        #expect(geocoder.locate("Atlantis", store: store, now: 1) == .failure(.noMatch("Atlantis")))
        #expect(geocoder.locate("atlantis", store: store, now: 2) == .failure(.noMatch("atlantis")))
        #expect(server.requests.count == 1)
        #expect(try store.placeNames(prefix: "", limit: 10) == [])
        // retry (`locate N`): asked again, and a place found now replaces the cached miss.
        server.set("/search", .body(Self.twoPlaces))
        #expect(try geocoder.locate("Atlantis", store: store, now: 3, retry: true).get().candidates == 3)
        #expect(server.requests.count == 2)
        #expect(try store.cachedPlace(key: "atlantis")?.match != nil)
    }

    /// Failures are one line naming the service, and are never cached: the next try asks again.
    @Test func failuresAreOneLineAndNotCached() throws {
        let store = try Fixtures.temporaryStore(.sqlite)
        let server = try LoopbackServer(routes: [
            "/search": .status(500),
            "/html/search": .body(Data("<html>busy</html>".utf8), contentType: "text/html"),
            "/slow/search": .delayed(Self.twoPlaces, seconds: 5),
            "/silent/search": .silent,
            "/big/search": .endless(chunk: 65_536),
            "/cut/search": .truncated(Data("[{\"lat\":".utf8), announced: 500),
            "/garbage/search": .body(Data("[{\"lat\": \"48\", \"lon\": ".utf8)),
            "/error/search": .body(Data("{\"error\":{\"code\":400,\"message\":\"Nothing to search for.\"}}".utf8)),
        ])
        defer { server.stop() }
        let limits = FetchLimits(maxBytes: 64 << 10, idleTimeout: 1, totalTimeout: 2)
        let host = "127.0.0.1"
        let cases: [(String, GeocodeFailure)] = [
            ("", .failed("\(host) answered HTTP 500")),
            ("html/", .failed("\(host) sent text/html, not JSON")),
            ("slow/", .unreachable("\(host) did not answer within 2 s")),
            ("silent/", .unreachable("\(host) did not answer within 2 s")),
            ("big/", .failed("\(host) sent more than 64 KB")),
            ("cut/", .failed("\(host)'s answer was cut short")),
            ("garbage/", .failed("\(host)'s answer is unusable: not valid JSON: unexpected end of the document at byte 22")),
            ("error/", .failed("\(host)'s answer is unusable: the service answered with an error: Nothing to search for.")),
        ]
        for (prefix, expected) in cases {
            let geocoder = try #require(Geocoder(base: server.base + prefix, downloader: HelperDownloader(),
                                                 pacer: RequestPacer(interval: 0), limits: limits))
            let before = server.requests.count
            // The reason says which limit ended it ("within 2 s", "more than 64 KB"): no clock here.
            #expect(geocoder.locate("Paris", store: store, now: 1) == .failure(expected), "\(prefix)")
            _ = geocoder.locate("Paris", store: store, now: 2)
            if case let .unreachable(reason) = expected {
                // Not reached: the rest of the process does not ask (nor wait) again; locate does.
                #expect(server.requests.count == before + 1, "\(prefix): asked again after it could not be reached")
                #expect(geocoder.locate("Lyon", store: store, now: 3) == .failure(.skipped(reason)))
                _ = geocoder.locate("Paris", store: store, now: 4, retry: true)
                #expect(server.requests.count == before + 2, "\(prefix): locate must ask again")
            } else {
                #expect(server.requests.count == before + 2, "\(prefix): a failure must not be cached")
            }
        }
        #expect(try store.cachedPlace(key: "paris") == nil)
        let offline = try #require(Geocoder(base: "http://127.0.0.1:1/", downloader: HelperDownloader(),
                                            pacer: RequestPacer(interval: 0), limits: limits))
        #expect(offline.locate("Paris", store: store, now: 1) == .failure(.unreachable("cannot reach 127.0.0.1: connection refused")))
    }

    /// Offline, the first lookup waits its turn and fails; the others neither wait nor ask, and
    /// a lookup that gets through (locate, once the network is back) clears it.
    @Test func anUnreachableServiceIsAskedOnceAProcess() throws {
        final class FakeTime: @unchecked Sendable {
            var slept: [Double] = []
        }
        let time = FakeTime()
        let store = try Fixtures.temporaryStore(.sqlite)
        let offline = try #require(Geocoder(base: "http://127.0.0.1:1/", downloader: HelperDownloader(),
                                            pacer: RequestPacer(interval: 1, now: { 1_000 }, sleep: { time.slept.append($0) })))
        let reason = "cannot reach 127.0.0.1: connection refused"
        #expect(offline.locate("Paris", store: store, now: 1) == .failure(.unreachable(reason)))
        for place in ["Lyon", "Nantes", "Lille", "Rennes", "Metz"] {
            #expect(offline.locate(place, store: store, now: 2) == .failure(.skipped(reason)))
        }
        #expect(time.slept.isEmpty)
        #expect(offline.locate("Lyon", store: store, now: 3, retry: true) == .failure(.unreachable(reason)))
        #expect(time.slept == [1])
    }

    /// Escape sequences and line breaks in an address never reach a terminal; impossible
    /// coordinates are passed over; a huge address is cut.
    @Test func hostileAnswersAreCleaned() throws {
        let long = String(repeating: "x", count: 5_000)
        let body = Data("""
            [{"lat":"95","lon":"2","display_name":"Pole"},
             {"lat":"NaN","lon":"2","display_name":"Nowhere"},
             {"lat":"48.1","lon":"2.2","display_name":"Evil\\u001b]0;owned\\u0007 St\\n\\r\\u009b2J, \(long)"}]
            """.utf8)
        let server = try LoopbackServer(routes: ["/search": .body(body)])
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(.plist)
        let found = try Self.geocoder(server).locate("Evil", store: store, now: 1).get()
        #expect(found.coordinate == (try Coordinate(latitude: 48.1, longitude: 2.2)))
        #expect(found.candidates == 1)
        #expect(!TextSafety.containsControl(found.address))
        #expect(found.address.hasPrefix("Evil\u{FFFD}]0;owned\u{FFFD} St \u{FFFD}2J, xxx"))
        #expect(found.address.count == GeocoderReply.maxAddress)
        #expect(try store.cachedPlace(key: "evil")?.match == found)
    }

    @Test func theReplyReaderIsStrict() throws {
        #expect(try GeocoderReply.read(Data("[]".utf8)) == [])
        #expect(try GeocoderReply.read(Data(" [ {\"lat\": 1, \"lon\": 2} ] ".utf8)).first?.address == "")
        for bad in ["", "[", "{}", "\"x\"", "[1,]", "[{\"lat\":\"1\",}]", "[] []", String(repeating: "[", count: 100_000)] {
            #expect(throws: GeocoderReply.Unreadable.self, "\(bad.prefix(20))") { try GeocoderReply.read(Data(bad.utf8)) }
        }
        // Deep nesting inside a place is skipped without recursion.
        let deep = "[{\"lat\":\"1\",\"lon\":\"2\",\"x\":" + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + "}]"
        #expect(try GeocoderReply.read(Data(deep.utf8)).count == 1)
        let many = "[" + Array(repeating: "{\"lat\":\"1\",\"lon\":\"2\"}", count: 500).joined(separator: ",") + "]"
        #expect(try GeocoderReply.read(Data(many.utf8)).first?.candidates == GeocoderReply.maxPlaces)
    }

    /// One request a second: the pacer waits out the rest of the second since the last one
    /// began, measured on an injected clock (nothing sleeps here).
    @Test func atMostOneRequestASecond() throws {
        final class FakeTime: @unchecked Sendable {
            var now = 1_000.0
            var slept: [Double] = []
        }
        let time = FakeTime()
        let pacer = RequestPacer(interval: 1, now: { time.now }, sleep: { seconds in
            time.slept.append(seconds)
            time.now += seconds
        })
        pacer.wait()
        #expect(time.slept == [])
        pacer.wait()
        #expect(time.slept == [1])
        time.now += 0.25
        pacer.wait()
        #expect(time.slept == [1, 0.75])
        time.now += 3
        pacer.wait()
        #expect(time.slept == [1, 0.75])
        time.now -= 100  // the clock set back: one interval, not a hundred seconds
        pacer.wait()
        #expect(time.slept == [1, 0.75, 1])

        // And the geocoder goes through it for every request, never for a cached answer.
        let server = try LoopbackServer(routes: ["/search": .body(Self.twoPlaces)])
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(.sqlite)
        time.slept = []
        let geocoder = try #require(Geocoder(base: server.base, downloader: HelperDownloader(), pacer: pacer))
        for place in ["a", "b", "a", "c", "b"] { _ = geocoder.locate(place, store: store, now: 1) }
        #expect(server.requests.count == 3)
        #expect(time.slept.count == 3 && time.slept.allSatisfy { $0 > 0 && $0 <= 1 })
    }

    /// Two processes on one store (two geocoders, each with its own pacer, as two `errand -c`
    /// runs would have): the second waits out the second the first one's request began.
    @Test(arguments: StoreBackend.allCases)
    func processesSharingAStoreShareTheRule(_ backend: StoreBackend) throws {
        final class FakeTime: @unchecked Sendable {
            var now = 5_000.0
            var slept: [Double] = []
        }
        let time = FakeTime()
        func pacer() -> RequestPacer {
            RequestPacer(interval: 1, now: { time.now }, sleep: { seconds in
                time.slept.append(seconds)
                time.now += seconds
            })
        }
        let server = try LoopbackServer(routes: ["/search": .body(Self.twoPlaces)])
        defer { server.stop() }
        let store = try Fixtures.temporaryStore(backend)
        let first = try #require(Geocoder(base: server.base, downloader: HelperDownloader(), pacer: pacer()))
        let second = try #require(Geocoder(base: server.base, downloader: HelperDownloader(), pacer: pacer()))
        _ = first.locate("a", store: store, now: 1)
        #expect(time.slept == [])
        time.now += 0.375
        _ = second.locate("b", store: store, now: 1)
        #expect(time.slept == [0.625])
        #expect(server.requests.count == 2)
        #expect(try store.lastLookup() == 5_001)
        #expect(try store.placeNames(prefix: "", limit: 10) == ["a", "b"])
    }

    /// A name's query delimiters and non-ASCII letters travel as bytes of the value, never as
    /// the URL's own punctuation.
    @Test func aPlaceNameIsEscapedWhole() {
        #expect(Geocoder.escaped("Café A&B=C+D#1/2?") == "Caf%C3%A9%20A%26B%3DC%2BD%231%2F2%3F")
        #expect(Geocoder.escaped("a-b_c.d~e") == "a-b_c.d~e")
    }

    @Test func onlyHTTPServicesAreAccepted() {
        for bad in ["ftp://x/", "file:///tmp/", "nominatim", "", "http://"] {
            #expect(Geocoder(base: bad, downloader: HelperDownloader()) == nil, "\(bad)")
        }
        #expect(Geocoder(base: "http://127.0.0.1:8080/nominatim", downloader: HelperDownloader())?.base.absoluteString
                == "http://127.0.0.1:8080/nominatim/")
    }
}
