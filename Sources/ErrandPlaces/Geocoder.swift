import ErrandDomain
import ErrandHelpers
import ErrandStorage
import FoundationEssentials
import Synchronization

/// Turns a place's name into coordinates through a service that speaks Nominatim's search API
/// (`/search?format=jsonv2&q=...`): OpenStreetMap's own by default, Photon or a self-hosted
/// Nominatim through ERRAND_GEOCODER. Requests go through the download helper (an identifying
/// User-Agent, size and time bounds), at most one a second (RequestPacer), and every answer,
/// "no such place" included, is cached in the store: one place is asked for once.
public final class Geocoder: Sendable {
    public static let defaultBase = "https://nominatim.openstreetmap.org/"
    /// An answer is a few KB; one that is not done in 20 s will not be.
    public static let limits = FetchLimits(maxBytes: 1 << 20, idleTimeout: 10, totalTimeout: 20)
    /// Places asked for; the first is taken, the others are counted for the message.
    public static let candidates = 5

    public let base: URL
    let downloader: Downloader
    let pacer: RequestPacer
    let limits: FetchLimits
    /// Why the service could not be reached, once it could not: for the rest of the process
    /// lookups are not tried (offline, six creates with a place cost six paced seconds and
    /// six identical lines), until `locate` asks on purpose and gets through.
    private let unreachable = Mutex<String?>(nil)

    /// nil when `base` is not an http or https URL.
    public init?(base: String, downloader: Downloader, pacer: RequestPacer = RequestPacer(),
                 limits: FetchLimits = Geocoder.limits) {
        let text = base.hasSuffix("/") ? base : base + "/"
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host != nil else { return nil }
        self.base = url
        self.downloader = downloader
        self.pacer = pacer
        self.limits = limits
    }

    /// The service as messages name it (its host, without any password in the URL).
    public var host: String { base.host ?? base.absoluteString }

    /// The search URL for a place.
    public func searchURL(_ query: String) -> URL? {
        URL(string: base.absoluteString + "search?format=jsonv2&limit=\(Geocoder.candidates)&q=" + Geocoder.escaped(query))
    }

    /// Every UTF-8 byte but RFC 3986's unreserved ASCII as %XX, so `&`, `=`, `+` and `#` in a
    /// place's name stay in the query's value (FoundationEssentials has no addingPercentEncoding).
    static func escaped(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Asks the service, once the pacer allows (counting other processes' requests through
    /// `store`): the places found, best first (maybe none).
    public func search(_ query: String, store: PlaceStore? = nil) throws(GeocodeFailure) -> [PlaceMatch] {
        guard let url = searchURL(query) else { throw .failed("cannot ask \(host) for that place") }
        pacer.wait(after: store.flatMap { try? $0.lastLookup() })
        // Best effort: a store that cannot note it only loses the other processes' view.
        if let store, let started = pacer.started { try? store.noteLookup(at: started) }
        let data: Data
        do {
            data = try downloader.download(url, limits: limits)
        } catch {
            throw GeocodeFailure.from(error, host: host)
        }
        do {
            return try GeocoderReply.read(data)
        } catch {
            throw .failed("\(host)'s answer is unusable: \(error.reason)")
        }
    }

    /// The place through the cache: a cached match is used as it is; a cached "no such place"
    /// is asked again only when `retry` (`locate N`). Failures (offline, errors) are not cached;
    /// after the service could not be reached, only `retry` asks it again.
    public func locate(_ place: String, store: PlaceStore, now: Int64, retry: Bool = false)
        -> Result<PlaceMatch, GeocodeFailure> {
        let key = PlaceKey.of(place)
        if let cached = try? store.cachedPlace(key: key) {
            if let match = cached.match { return .success(match) }
            if !retry { return .failure(.noMatch(place)) }
        }
        if !retry, let reason = unreachable.withLock({ $0 }) { return .failure(.skipped(reason)) }
        let found: [PlaceMatch]
        do {
            found = try search(place, store: store)
        } catch {
            if case let .unreachable(reason) = error { unreachable.withLock { $0 = reason } }
            return .failure(error)
        }
        unreachable.withLock { $0 = nil }
        // A cache that cannot be written costs a second request later, nothing more.
        try? store.cachePlace(name: place, match: found.first, at: now)
        guard let first = found.first else { return .failure(.noMatch(place)) }
        return .success(first)
    }
}
