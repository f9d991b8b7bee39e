import ErrandDomain

/// `near PLACE|LAT,LON [--within 5km]`: the open items by distance from a point, nearest
/// first, numbered like any list so `open`, `check`... act on them. A place by name is found
/// as `create --at` finds one (the cache first, then the geocoder).
struct Near: ShellCommand {
    static let place = ArgumentSpec("PLACE", .place, rest: true, help: "a place's name, or LAT,LON (48.85,2.35)")
    static let within = OptionSpec("within", value: "DISTANCE", kind: .distance,
                                   help: "only items this close: 500m, 5km, 3mi")
    static let spec = CommandSpec(
        "near", summary: "open items by distance from a place, nearest first",
        details: "Items without coordinates are left out and counted; locate N looks an item's place up.",
        arguments: [place], options: [within]) { Near(place: try $0.requiredText(place), radius: $0.distance(within)) }

    let place: String
    let radius: Double?

    func run(_ c: inout CommandContext) throws -> Display {
        // A place is a name, as an item's is: a 500 KB one went whole to the geocoder's argv.
        guard place.count <= TodoItem.maxTitle else {
            throw ShellError.usage("near: a place's name is at most \(TodoItem.maxTitle) characters")
        }
        let point: Coordinate
        var label = place
        if let typed = try? Coordinate(text: place) {
            point = typed
            label = "\(MapLink.degrees(typed.latitude)), \(MapLink.degrees(typed.longitude))"
        } else if Near.looksLikeCoordinates(place) {
            throw ShellError.usage("near: \(place) is not a point on Earth: latitude -90 to 90, longitude -180 to 180")
        } else {
            switch PlaceLookup.find(place, c) {
            case let .success(match): point = match.coordinate
            case .failure(.off):
                throw ShellError.failed("near: cannot place \"\(place)\": geocoding is off (ERRAND_GEOCODER=off); give LAT,LON")
            case let .failure(failure): throw ShellError.failed("near: \(failure)")
            }
        }
        return try Day.show(root: .near(NearbyCentre(point: point, label: label, radius: radius)), &c)
    }

    /// Two numbers around a comma: meant as coordinates, never as a place's name.
    static func looksLikeCoordinates(_ text: String) -> Bool {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Double($0.filter { $0 != " " }) != nil }
    }
}
