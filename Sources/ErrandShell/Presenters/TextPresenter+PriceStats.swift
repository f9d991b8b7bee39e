import ErrandDomain

/// `stats`: one figure a line, the lowest with the row that opens it; at a terminal the
/// prices' spread as a sparkline (eight steps from lowest to highest).
extension TextPresenter {
    static let sparks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    func priceStats(_ view: PriceStatsView) -> [String] {
        var out = [style(DisplayWidth.sanitize(view.heading), "1")]
        guard let stats = view.stats else { return out + ["  no ads"] }
        func line(_ name: String, _ price: Double, _ after: String = "") {
            out.append(clip("  " + DisplayWidth.pad(name, to: 10) + PriceFormat.euros(price) + after))
        }
        line("lowest", stats.lowest, view.lowest.map { "  open 1: " + DisplayWidth.sanitize($0.ad.title) } ?? "")
        line("25%", stats.lowerQuartile)
        line("median", stats.median)
        line("75%", stats.upperQuartile)
        line("highest", stats.highest)
        if !view.traced {
            out.append("  \(stats.days) days ago: not traced past \(Stats.tracedAtMost) ads")
        } else if let then = stats.medianThen, let change = stats.change {
            let sign = change > 0 ? "+" : ""
            out.append("  \(stats.days) days ago: median " + PriceFormat.euros(then) + " (" + sign + FixedDecimals.text(change, decimals: 0) + "%)")
        } else {
            out.append("  \(stats.days) days ago: none of these ads was listed")
        }
        if width != nil, let most = stats.spread.max(), most > 0 {
            let bars = stats.spread.map { count in count == 0 ? " " : TextPresenter.sparks[min(7, count * 7 / most)] }
            out.append("  spread    " + String(bars) + "  " + PriceFormat.euros(stats.lowest) + " to " + PriceFormat.euros(stats.highest))
        }
        return out
    }
}
