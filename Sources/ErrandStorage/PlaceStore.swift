import ErrandDomain

/// Places, carried by both backends: the geocoder's answers, cached so that one place is asked
/// for once (OpenStreetMap's usage policy), and the open items nearest a point.
public protocol PlaceStore: AnyObject {
    /// The cached answer for a PlaceKey: nil when never asked; `.none` inside when the
    /// service found nothing.
    func cachedPlace(key: String) throws -> CachedPlace?
    /// Keeps an answer (a match or none) for a place as typed (`name`, looked up by its
    /// PlaceKey), replacing an older one.
    func cachePlace(name: String, match: PlaceMatch?, at seconds: Int64) throws
    /// When the last lookup of any process on this store began (seconds since 1970), so that
    /// separate processes (a shell loop of `errand -c`) keep to one request a second too.
    func lastLookup() throws -> Double?
    func noteLookup(at seconds: Double) throws
    /// Places located before, as first typed, whose name starts with `prefix` (case aside),
    /// in name order: the geocoder's answers and, once something is typed, the places items
    /// hold with coordinates. What Tab offers after `near` and `--at`, and in a form's Place.
    func placeNames(prefix: String, limit: Int) throws -> [String]
    /// An item's own place with coordinates, named `key` (a PlaceKey), open items first, then
    /// the latest: a place typed with `--coords` once is known without asking a geocoder.
    func locatedItemPlace(key: String) throws -> Location?
    /// The address a lookup matched for a located place, preferring the lookup of its name:
    /// what the item's detail shows.
    func matchedAddress(for location: Location) throws -> String?
    /// A page of the open items with coordinates within `radius` metres of `centre` (any
    /// distance when nil), nearest first. Never reads every item in SQLite (an R*Tree).
    func nearby(_ centre: Coordinate, within radius: Double?, offset: Int, limit: Int) throws -> NearbyPage
}

/// One cached geocoder answer.
public struct CachedPlace: Equatable, Sendable {
    /// The place as first typed.
    public var name: String
    /// nil: the service found no such place.
    public var match: PlaceMatch?
    /// When it was asked, in seconds since 1970.
    public var fetched: Int64

    public init(name: String, match: PlaceMatch?, fetched: Int64) {
        self.name = name
        self.match = match
        self.fetched = fetched
    }
}
