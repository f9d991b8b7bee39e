/// A price an ad was listed at, and the sync that last saw it: `was 320,00 € on Dec 2`.
public struct PricePoint: Hashable, Sendable, Codable {
    public var price: Double
    /// Seconds since 1970 of that sync's fetch.
    public var seen: Int64

    public init(price: Double, seen: Int64) {
        self.price = price
        self.seen = seen
    }
}
