extension AdQuery {
    /// The query as a tree of words, as QueryExpression.outline writes the to-dos':
    /// `(and lampe cat:Maison price:..200 (not enfant) sort:price)`.
    public var outline: String {
        var terms = words
        if let categoryName { terms.append("cat:" + categoryName) }
        if lowestPrice != nil || highestPrice != nil {
            let range = AdPriceRange(low: lowestPrice, high: highestPrice, lowExcluded: lowestExcluded, highExcluded: highestExcluded)
            terms.append("price:" + range.outline)
        }
        if urgentOnly { terms.append("is:urgent") }
        if starredOnly { terms.append("is:starred") }
        if hiddenOnly { terms.append("is:hidden") }
        if let postedSince { terms.append("since:" + AdTerm.day(postedSince)) }
        if let seller { terms.append("is:" + seller.rawValue) }
        if let condition { terms.append(condition.outline) }
        if sort != .listed { terms.append("sort:" + sort.rawValue) }
        return terms.count == 1 ? terms[0] : "(and " + terms.joined(separator: " ") + ")"
    }
}
