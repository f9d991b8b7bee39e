extension AdQuery {
    public static let keys = ["cat:", "price:", "is:", "sort:"]
    public static let states = ["urgent", "pro", "private", "starred"]

    /// `find`'s terms on the ads tab: words, `cat:NAME`, `price:<200`, `price:>100`,
    /// `price:100..500`, `price:250`, `is:urgent|pro|private|starred`, `sort:price|-price|date`, all
    /// required (no `or`, `-` or parentheses here). A value with spaces is quoted
    /// (`cat:"Livres/CD/DVD"`). Refused with the term and its column, as QueryParser refuses.
    public static func parse(_ text: String) throws(QuerySyntaxError) -> AdQuery {
        let tokens = try QueryParser.lex(text)
        if tokens.count > QueryParser.maxTerms, let extra = tokens.dropFirst(QueryParser.maxTerms).first {
            throw QuerySyntaxError(term: extra.text, column: extra.column, reason: "a query holds at most \(QueryParser.maxTerms) terms")
        }
        var query = AdQuery(description: TextSafety.trimmed(text))
        guard !tokens.isEmpty else { throw QuerySyntaxError(term: "", column: 1, reason: "say what to look for") }
        var given = Set<String>()
        for token in tokens {
            let fail = { (reason: String) in QuerySyntaxError(term: token.text, column: token.column, reason: reason) }
            guard case let .word(text) = token.token else {
                throw fail("on the ads tab every term is required: no or, - or parentheses")
            }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text[..<colon].allSatisfy(\.isLetter) else {
                let words = SearchQuery.words(of: text)
                guard !words.isEmpty else { throw fail("nothing to look for: a word needs a letter or a digit") }
                for word in words where !query.words.contains(word) { query.words.append(word) }
                continue
            }
            let key = text[...colon].lowercased()
            let value = TextSafety.trimmed(String(text[text.index(after: colon)...]))
            guard key == "is:" || given.insert(key).inserted else { throw fail("\(key) is given once") }
            switch key {
            case "cat:":
                guard !value.isEmpty else { throw fail("cat: needs a category (as filter takes it)") }
                query.categoryName = value
            case "price:":
                try query.readPrice(value, fail)
            case "is:":
                switch TextFolding.fold(value) {
                case "urgent": query.urgentOnly = true
                case "starred": query.starredOnly = true
                case "pro":
                    guard query.seller != .private else { throw fail("is:pro and is:private cannot go together") }
                    query.seller = .pro
                case "private":
                    guard query.seller != .pro else { throw fail("is:pro and is:private cannot go together") }
                    query.seller = .private
                default: throw fail("on the ads tab is: is one of " + states.joined(separator: ", "))
                }
            case "sort:":
                guard let sort = Sort(rawValue: value.lowercased()), sort != .listed else {
                    throw fail("sort: is price, -price or date")
                }
                query.sort = sort
            default:
                throw fail("no such key on the ads tab: the keys are " + keys.joined(separator: " "))
            }
        }
        return query
    }

    private mutating func readPrice(_ value: String, _ fail: @escaping (String) -> QuerySyntaxError) throws(QuerySyntaxError) {
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
            highestPrice = try euros(String(value.dropFirst(2)))
        } else if value.hasPrefix(">=") {
            lowestPrice = try euros(String(value.dropFirst(2)))
        } else if value.hasPrefix("<") {
            highestPrice = try euros(String(value.dropFirst()))
            highestExcluded = true
        } else if value.hasPrefix(">") {
            lowestPrice = try euros(String(value.dropFirst()))
            lowestExcluded = true
        } else if let dots = value.firstRange(of: "..") {
            let low = String(value[..<dots.lowerBound]), high = String(value[dots.upperBound...])
            lowestPrice = low.isEmpty ? nil : try euros(low)
            highestPrice = high.isEmpty ? nil : try euros(high)
            guard lowestPrice != nil || highestPrice != nil else { throw fail("price: needs an amount on one side of ..") }
            if let lowestPrice, let highestPrice, lowestPrice > highestPrice { throw fail("price: this range ends before it starts") }
        } else {
            let exact = try euros(value)
            lowestPrice = exact
            highestPrice = exact
        }
    }
}
