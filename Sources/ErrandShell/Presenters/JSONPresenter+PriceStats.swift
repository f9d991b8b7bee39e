import ErrandDomain

/// `stats` in JSON: each figure by name (null when there is none), the spread's counts and
/// the lowest ad's id.
extension JSONPresenter {
    func priceStats(_ view: PriceStatsView) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [("screen", .string("stats")), ("heading", .string(view.heading))]
        for (name, value) in PriceStatsView.measures(view) {
            pairs.append((name, value.map { name == "count" ? .int(Int($0)) : .double($0) } ?? .null))
        }
        if let stats = view.stats { pairs.append(("spread", .array(stats.spread.map(JSONValue.int)))) }
        if let lowest = view.lowest { pairs.append(("lowest_id", .int(Int(lowest.ad.id)))) }
        return pairs
    }
}
