import ErrandDomain
import ErrandPlaces

/// Where a place is, for the commands that need it: a cached answer first (so it works
/// offline and asks nothing twice), then a place an item already holds with coordinates
/// (typed with --coords, say), then the geocoder when there is one.
enum PlaceLookup {
    /// `retry`: ask the geocoder whatever is known (`locate`): a cached "no such place" too.
    static func find(_ place: String, _ c: CommandContext, retry: Bool = false) -> Result<PlaceMatch, GeocodeFailure> {
        let key = PlaceKey.of(place)
        if !retry {
            if let match = (try? c.store.cachedPlace(key: key))??.match { return .success(match) }
            if let known = (try? c.store.locatedItemPlace(key: key)) ?? nil, let point = known.coordinate {
                return .success(PlaceMatch(coordinate: point, address: ""))
            }
        }
        do {
            return try c.environment.effects.perform(.geocode(place: place, retry: retry), in: c.environment).place
        } catch {
            return .failure(.unreachable("\(error)"))
        }
    }

    /// A new place typed without coordinates, located: the location to save and the line that
    /// says where it was found or why not (nil when geocoding is off: the user chose that).
    static func locating(_ location: Location, _ c: CommandContext) -> (Location, Notice?) {
        switch find(location.name, c) {
        case let .success(match):
            return (Location(name: location.name, coordinate: match.coordinate), .located(location.name, match))
        case .failure(.off), .failure(.skipped):
            // Off: the user chose it. Skipped: the first failure said so, once.
            return (location, nil)
        case let .failure(failure):
            return (location, .notLocated(failure))
        }
    }

    /// What a command says about a lookup.
    enum Notice: Equatable {
        case located(String, PlaceMatch)
        case notLocated(GeocodeFailure)

        /// `row`: the item's number in the listing shown, for the retry hint.
        func line(row: Int?) -> String {
            switch self {
            case let .located(name, match): return PlaceLookup.describe(name, match)
            case let .notLocated(failure):
                let retry = row.map { "locate \($0)" } ?? "list, then locate N,"
                let later = if case .unreachable = failure { "; later places are saved by name without asking" } else { "" }
                return "not located: \(failure); saved with the place name only (\(retry) tries again)\(later)"
            }
        }
    }

    /// `located "12 rue de la Paix" at 48.8698, 2.3311: matched "..." (first of 3)`.
    static func describe(_ name: String, _ match: PlaceMatch) -> String {
        let c = match.coordinate
        var line = "located \"\(name)\" at \(MapLink.degrees(c.latitude)), \(MapLink.degrees(c.longitude))"
        if !match.address.isEmpty { line += ": matched \"\(match.address)\"" }
        if match.candidates > 1 { line += " (first of \(match.candidates))" }
        return line
    }
}
