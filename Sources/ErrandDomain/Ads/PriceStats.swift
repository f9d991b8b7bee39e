/// The going rate of what a search finds: the spread of its ads' prices now, and the median of
/// the prices the same ads had `days` ago (from the earlier prices each sync keeps), so an
/// alert's user sees whether a bike at 180 € is a deal.
public struct PriceStats: Equatable, Sendable {
    public var count: Int
    public var lowest: Double
    public var lowerQuartile: Double
    public var median: Double
    public var upperQuartile: Double
    public var highest: Double
    /// The median of the prices the ads posted by then had `days` ago; nil when none was.
    public var medianThen: Double?
    public var days: Int
    /// How many prices fall in each of eight equal steps from lowest to highest (a sparkline).
    public var spread: [Int]

    /// nil for no prices. `then`: the prices `days` ago of the ads already posted then.
    public init?(prices: [Double], then: [Double], days: Int) {
        let sorted = prices.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        count = sorted.count
        lowest = first
        highest = last
        lowerQuartile = PriceStats.quantile(sorted, 0.25)
        median = PriceStats.quantile(sorted, 0.5)
        upperQuartile = PriceStats.quantile(sorted, 0.75)
        let earlier = then.filter(\.isFinite).sorted()
        medianThen = earlier.isEmpty ? nil : PriceStats.quantile(earlier, 0.5)
        self.days = days
        var buckets = [Int](repeating: 0, count: 8)
        for price in sorted {
            let step = last > first ? Int((price - first) / (last - first) * 8) : 0
            buckets[min(max(step, 0), 7)] += 1
        }
        spread = buckets
    }

    /// Linear between the two nearest ranks (the definition spreadsheets and numpy use by
    /// default): the median of 10, 20, 30, 40 is 25.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard let first = sorted.first else { return 0 }
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down)), above = Int(position.rounded(.up))
        guard below >= 0, above < sorted.count else { return first }
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    /// The median's move since then, in percent; nil without an earlier median.
    public var change: Double? {
        guard let medianThen, medianThen > 0 else { return nil }
        return (median - medianThen) / medianThen * 100
    }

    /// The price an ad had at `moment` (seconds since 1970), as last seen by then: each
    /// earlier price is kept with the last sync that showed it. Every change after the
    /// moment: the first price kept (the one it had then); no change at all: its price now.
    public static func price(of ad: AdPrice, at moment: Int64, earlier: [PricePoint]) -> Double {
        let points = earlier.sorted { $0.seen < $1.seen }
        return points.last { $0.seen <= moment }?.price ?? points.first?.price ?? ad.price
    }
}
