extension AdQuery {
    /// The query as a tree of words, as QueryExpression.outline writes the to-dos' (every term
    /// is required on the ads tab): `(and lampe cat:Maison price:..200 sort:price)`.
    public var outline: String {
        var terms = words
        if let categoryName { terms.append("cat:" + categoryName) }
        if lowestPrice != nil || highestPrice != nil {
            // `..` between the bounds; `<` on the side of a bound left out: `price:..<100`.
            terms.append("price:" + (lowestPrice.map { Self.amount($0) + (lowestExcluded ? "<" : "") } ?? "") + ".."
                         + (highestPrice.map { (highestExcluded ? "<" : "") + Self.amount($0) } ?? ""))
        }
        if urgentOnly { terms.append("is:urgent") }
        if starredOnly { terms.append("is:starred") }
        if let seller { terms.append("is:" + seller.rawValue) }
        if sort != .listed { terms.append("sort:" + sort.rawValue) }
        return terms.count == 1 ? terms[0] : "(and " + terms.joined(separator: " ") + ")"
    }

    private static func amount(_ euros: Double) -> String {
        euros == euros.rounded() && abs(euros) < 1e15 ? String(Int64(euros)) : String(euros)
    }
}
