import FoundationEssentials

extension AdQuery {
    public static let keys = ["cat:", "price:", "is:", "since:", "sort:"]
    public static let states = ["urgent", "pro", "private", "starred", "hidden"]

    /// `find`'s terms on the ads tab: words, `cat:NAME`, `price:<200`, `price:>100`,
    /// `price:100..500`, `price:250`, `is:urgent|pro|private|starred`, `sort:price|-price|date`,
    /// joined as on the to-do tab (AdQueryParser: side by side, `or`, `-`, parentheses). A value
    /// with spaces is quoted (`cat:"Livres/CD/DVD"`). The terms every ad must meet go to the
    /// query's own fields, which SQLite answers from its indexes; the rest is its `condition`.
    /// `now` (seconds since 1970): what `since:3d` counts back from.
    public static func parse(_ text: String, now: Int64 = Int64(Date().timeIntervalSince1970)) throws(QuerySyntaxError) -> AdQuery {
        let tokens = try QueryParser.lex(text)
        let terms = tokens.filter { if case .word = $0.token { true } else { false } }
        if terms.count > QueryParser.maxTerms, let extra = terms.dropFirst(QueryParser.maxTerms).first {
            throw QuerySyntaxError(term: extra.text, column: extra.column, reason: "a query holds at most \(QueryParser.maxTerms) terms")
        }
        var parser = AdQueryParser(tokens: tokens, now: now)
        let whole = try parser.wholeQuery()
        var query = AdQuery(description: TextSafety.trimmed(text))
        query.sort = parser.sort
        let required: [AdTerm]
        switch whole {
        case nil: required = []
        case let .all(terms)?: required = terms
        case let .any(terms)?: required = [.any(terms)]
        case let term?: required = [term]
        }
        // The first of each kind goes to the query's own fields; a second (cat:A cat:B) is
        // required all the same, as a condition.
        var rest: [AdTerm] = []
        for term in required {
            switch term {
            case let .words(words):
                for word in words where !query.words.contains(word) { query.words.append(word) }
            case let .category(name, _) where query.categoryName == nil:
                query.categoryName = name
            case let .price(range) where query.lowestPrice == nil && query.highestPrice == nil:
                (query.lowestPrice, query.highestPrice) = (range.low, range.high)
                (query.lowestExcluded, query.highestExcluded) = (range.lowExcluded, range.highExcluded)
            case .urgent: query.urgentOnly = true
            case .starred: query.starredOnly = true
            case .hidden: query.hiddenOnly = true
            case let .since(moment) where query.postedSince == nil: query.postedSince = moment
            case let .seller(seller) where query.seller == nil:
                query.seller = seller
            default:
                rest.append(term)
            }
        }
        query.condition = rest.isEmpty ? nil : rest.count == 1 ? rest[0] : .all(rest)
        return query
    }
}
