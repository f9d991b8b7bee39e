/// What a geocoder answered for a place: where it is and the address it matched, already
/// cleaned of control characters (text from the network never reaches a terminal raw).
public struct PlaceMatch: Hashable, Sendable {
    public let coordinate: Coordinate
    /// The matched address as the service wrote it (`display_name`).
    public let address: String
    /// How many places the service offered; the first was taken.
    public let candidates: Int

    public init(coordinate: Coordinate, address: String, candidates: Int = 1) {
        self.coordinate = coordinate
        self.address = address
        self.candidates = candidates
    }
}
