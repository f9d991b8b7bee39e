/// An ad's price and when it was posted, all `stats` reads of each ad it counts.
public struct AdPrice: Equatable, Sendable {
    public var id: Int64
    public var price: Double
    /// Seconds since 1970, as Ad.created.
    public var created: Int64

    public init(id: Int64, price: Double, created: Int64) {
        self.id = id
        self.price = price
        self.created = created
    }
}
