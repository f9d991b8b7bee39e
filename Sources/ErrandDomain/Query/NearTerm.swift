/// `near:PLACE` with its `within:` distance. A place typed by name is found by the shell
/// (as `near` finds one) before the query reaches a store; until then `point` is nil and the
/// term matches nothing.
public struct NearTerm: Hashable, Sendable {
    public let place: String
    public var point: Coordinate?
    public var metres: Double

    /// `within:` when the query has none: a walk, or a short ride.
    public static let defaultMetres = 5_000.0

    public init(place: String, point: Coordinate?, metres: Double = NearTerm.defaultMetres) {
        self.place = place
        self.point = point
        self.metres = metres
    }

    /// The same test as SQLite's (SQLiteQueryCondition): the haversine term of the item's own
    /// coordinates against the term at `metres`.
    public func contains(_ coordinate: Coordinate?) -> Bool {
        guard let point, let coordinate else { return false }
        return GreatCircle.Meter(from: point).term(latitude: coordinate.latitude, longitude: coordinate.longitude)
            <= GreatCircle.Meter.term(forMetres: metres)
    }
}
