import ErrandDomain

/// What `stats` shows: the prices' spread (nil for no ads) and the cheapest ad (row 1).
public struct PriceStatsView: Equatable, Sendable {
    public var heading: String
    public var stats: PriceStats?
    public var lowest: AdRow?
    /// Whether the prices of `stats.days` ago were traced (not past Stats.tracedAtMost ads).
    public var traced: Bool

    /// The figures by name, in the order every format gives them (csv's rows, JSON's keys).
    static func measures(_ view: PriceStatsView) -> [(name: String, value: Double?)] {
        guard let stats = view.stats else { return [("count", 0)] }
        return [("count", Double(stats.count)), ("lowest", stats.lowest), ("lower_quartile", stats.lowerQuartile),
                ("median", stats.median), ("upper_quartile", stats.upperQuartile), ("highest", stats.highest),
                ("median_\(stats.days)_days_ago", stats.medianThen)]
    }
}
