/// `find` on the ads tab: the to-dos' grammar (QueryGrammar: side by side, `or`, `-`,
/// parentheses) over the ads' terms (words, `cat:`, `price:`, `is:`), and `sort:`, which
/// orders the whole list and so stands only beside the other terms at the top.
struct AdQueryParser: QueryGrammar {
    let tokens: [Located]
    var position = 0
    var depth = 0
    var sort = AdQuery.Sort.listed

    init(tokens: [Located]) {
        self.tokens = tokens
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
}
