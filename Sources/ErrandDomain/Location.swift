/// Where an item happens: a name, and coordinates when the user knows them.
public struct Location: Hashable, Sendable {
    public let name: String
    public let coordinate: Coordinate?

    public init(name: String, coordinate: Coordinate? = nil) {
        self.name = name
        self.coordinate = coordinate
    }
}
