/// `price:` as typed: euros from `low` to `high`, each end kept unless `excluded` (`<`, `>`).
public struct AdPriceRange: Hashable, Sendable {
    public var low: Double?
    public var high: Double?
    public var lowExcluded = false
    public var highExcluded = false

    public init(low: Double? = nil, high: Double? = nil, lowExcluded: Bool = false, highExcluded: Bool = false) {
        self.low = low
        self.high = high
        self.lowExcluded = lowExcluded
        self.highExcluded = highExcluded
    }

    public func contains(_ price: Double) -> Bool {
        if let low, lowExcluded ? price <= low : price < low { return false }
        if let high, highExcluded ? price >= high : price > high { return false }
        return true
    }

    /// `..` between the bounds; `<` on the side of a bound left out: `..<100`.
    public var outline: String {
        (low.map { Self.amount($0) + (lowExcluded ? "<" : "") } ?? "") + ".."
            + (high.map { (highExcluded ? "<" : "") + Self.amount($0) } ?? "")
    }

    static func amount(_ euros: Double) -> String {
        euros == euros.rounded() && abs(euros) < 1e15 ? String(Int64(euros)) : String(euros)
    }
}

extension AdPriceRange {
    /// `price:`'s value: `<200`, `>100`, `<=200`, `>=100`, `100..500`, `..500`, `250`.
    static func parse(_ value: String, _ fail: @escaping (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> AdPriceRange {
        var range = AdPriceRange()
        let euros = { (text: String) throws(QuerySyntaxError) -> Double in
            let plain = String(text.map { $0 == "," ? "." : $0 })
            guard !plain.isEmpty else { throw fail("price: needs an amount in euros (price:<200, price:100..500)") }
            guard plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let amount = Double(plain),
                  amount.isFinite, amount <= 1e12 else {
                throw fail("price: takes an amount in euros, not \"\(text.prefix(20))\"")
            }
            return amount
        }
        if value.hasPrefix("<=") {
            range.high = try euros(String(value.dropFirst(2)))
        } else if value.hasPrefix(">=") {
            range.low = try euros(String(value.dropFirst(2)))
        } else if value.hasPrefix("<") {
            range.high = try euros(String(value.dropFirst()))
            range.highExcluded = true
        } else if value.hasPrefix(">") {
            range.low = try euros(String(value.dropFirst()))
            range.lowExcluded = true
        } else if let dots = value.firstRange(of: "..") {
            let low = String(value[..<dots.lowerBound]), high = String(value[dots.upperBound...])
            range.low = low.isEmpty ? nil : try euros(low)
            range.high = high.isEmpty ? nil : try euros(high)
            guard range.low != nil || range.high != nil else { throw fail("price: needs an amount on one side of ..") }
            if let low = range.low, let high = range.high, low > high { throw fail("price: this range ends before it starts") }
        } else {
            let exact = try euros(value)
            range.low = exact
            range.high = exact
        }
        return range
    }
}
