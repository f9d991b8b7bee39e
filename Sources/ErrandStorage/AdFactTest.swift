import ErrandDomain

/// An ads query (AdQuery.matches is its meaning) as a test of one row of AdFacts: what is words
/// alone is asked of the text index once, as SQLite's statement asks it (SQLiteItemStore.matchText),
/// and kept as a mark per row; the rest compares the row's facts (AdFacts.rows).
indirect enum AdFactTest {
    case text([Bool])
    case category(Int64)
    case price(AdPriceRange)
    case since(Int64)
    /// A mark (AdFacts.urgent...) set or not.
    case mark(UInt8, Bool)
    case all([AdFactTest])
    case any([AdFactTest])
    case not(AdFactTest)

    /// `text` answers an FTS5 expression with the ids that match it.
    init(_ query: AdQuery, text: (String) throws -> [Bool]) throws {
        var tests: [AdFactTest] = []
        if !query.words.isEmpty {
            tests.append(.text(try text(query.words.map { "\"" + $0 + "\"*" }.joined(separator: " "))))
        }
        if let id = query.categoryID { tests.append(.category(id)) }
        if query.lowestPrice != nil || query.highestPrice != nil {
            tests.append(.price(AdPriceRange(low: query.lowestPrice, high: query.highestPrice,
                                             lowExcluded: query.lowestExcluded, highExcluded: query.highestExcluded)))
        }
        if query.urgentOnly { tests.append(.mark(AdFacts.urgent, true)) }
        // A gone ad is kept for its star alone: only is:starred lists it.
        tests.append(query.starredOnly ? .mark(AdFacts.starred, true) : .mark(AdFacts.gone, false))
        tests.append(.mark(AdFacts.hidden, query.hiddenOnly))
        if let since = query.postedSince { tests.append(.since(since)) }
        if let seller = query.seller { tests.append(.mark(AdFacts.pro, seller == .pro)) }
        if let condition = query.condition { tests.append(try AdFactTest(condition, text: text)) }
        self = .all(tests)
    }

    init(_ term: AdTerm, text: (String) throws -> [Bool]) throws {
        if let match = SQLiteItemStore.matchText(term) {
            self = .text(try text(match))
            return
        }
        switch term {
        // Words alone always have a match text (above): no ad here, as SQL's `0`.
        case .words: self = .any([])
        case let .category(_, id): self = .category(id ?? -1)
        case let .price(range): self = .price(range)
        case .urgent: self = .mark(AdFacts.urgent, true)
        case .starred: self = .mark(AdFacts.starred, true)
        case let .since(moment): self = .since(moment)
        case .hidden: self = .mark(AdFacts.hidden, true)
        case let .seller(seller): self = .mark(AdFacts.pro, seller == .pro)
        case let .all(parts): self = .all(try parts.map { try AdFactTest($0, text: text) })
        case let .any(parts): self = .any(try parts.map { try AdFactTest($0, text: text) })
        case let .not(inner): self = .not(try AdFactTest(inner, text: text))
        }
    }
}
