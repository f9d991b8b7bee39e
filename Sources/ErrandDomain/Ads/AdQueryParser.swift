/// `find` on the ads tab: the to-dos' grammar (QueryGrammar: side by side, `or`, `-`,
/// parentheses) over the ads' terms (words, `cat:`, `price:`, `is:`), and `sort:`, which
/// orders the whole list and so stands only beside the other terms at the top.
struct AdQueryParser: QueryGrammar {
    let tokens: [Located]
    var position = 0
    var depth = 0
    var sort = AdQuery.Sort.listed
    /// Seconds since 1970 that `since:3d` counts back from.
    let now: Int64

    init(tokens: [Located], now: Int64) {
        self.tokens = tokens
        self.now = now
    }

    /// `sort:price` alone lists every ad in that order.
    func mayTestNothing(atDepth depth: Int) -> Bool { depth == 0 && sort != .listed }

    static func all(_ nodes: [AdTerm]) -> AdTerm { .all(nodes) }
    static func any(_ nodes: [AdTerm]) -> AdTerm { .any(nodes) }
    static func not(_ node: AdTerm) -> AdTerm { .not(node) }

    /// One term; nil for `sort:`, which is kept aside.
    mutating func leaf(_ text: String, _ at: Located) throws(QuerySyntaxError) -> AdTerm? {
        let fail = { (reason: String) in QuerySyntaxError(term: at.text, column: at.column, reason: reason) }
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text[..<colon].allSatisfy(\.isLetter) else {
            let words = SearchQuery.words(of: text)
            guard !words.isEmpty else { throw fail("nothing to look for: a word needs a letter or a digit") }
            return .words(words)
        }
        let key = text[...colon].lowercased()
        let value = TextSafety.trimmed(String(text[text.index(after: colon)...]))
        switch key {
        case "cat:":
            guard !value.isEmpty else { throw fail("cat: needs a category (as filter takes it)") }
            return .category(name: value, id: nil)
        case "price:":
            return .price(try AdPriceRange.parse(value, fail))
        case "is:":
            switch TextFolding.fold(value) {
            case "urgent": return .urgent
            case "starred": return .starred
            case "hidden": return .hidden
            case "pro": return .seller(.pro)
            case "private": return .seller(.private)
            default: throw fail("on the ads tab is: is one of " + AdQuery.states.joined(separator: ", "))
            }
        case "since:":
            return .since(try AdQueryParser.moment(value, now: now, fail))
        case "sort:":
            guard depth == 0 else { throw fail("sort: orders the whole list: give it beside the other terms, not under - or ( )") }
            guard sort == .listed else { throw fail("sort: is given once") }
            guard let sort = AdQuery.Sort(rawValue: value.lowercased()), sort != .listed else {
                throw fail("sort: is price, -price or date")
            }
            self.sort = sort
            return nil
        default:
            throw fail("no such key on the ads tab: the keys are " + AdQuery.keys.joined(separator: " "))
        }
    }

    /// `since:`'s value: a number of days or weeks back from now (`3d`, `2w`), or a day
    /// (`2026-11-20`, from its start, UTC as the API's dates).
    static func moment(_ value: String, now: Int64, _ fail: (String) -> QuerySyntaxError) throws(QuerySyntaxError) -> Int64 {
        let unit = value.last.map { String($0).lowercased() }
        if let unit, unit == "d" || unit == "w", let n = Int64(value.dropLast()), (0...3_650).contains(n) {
            return now - n * (unit == "w" ? 7 : 1) * 86_400
        }
        if let day = DueDay(iso: value) { return Int64(day.dayNumber) * 86_400 }
        throw fail("since: takes days or weeks back (since:3d, since:2w) or a day (since:2026-11-20)")
    }
}
