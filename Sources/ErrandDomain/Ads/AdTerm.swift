/// One term of `find` on the ads tab, or terms joined: what a query asks beyond the terms
/// every ad must meet (AdQuery's own fields, which SQLite answers from its indexes): an `or`,
/// a `-` that leaves out, a group in parentheses. The same grammar as the to-dos'; an ad
/// always has a category, a price and a seller, so a negated term keeps every other ad.
public indirect enum AdTerm: Hashable, Sendable {
    /// A word of the title or description begins with each (folded, SearchQuery.words).
    case words([String])
    /// `cat:NAME`; its id placed by the shell against the catalogue (-1 for none).
    case category(name: String, id: Int64?)
    case price(AdPriceRange)
    case urgent
    case starred
    /// `since:3d`, `since:2026-11-20`: posted at or after this moment (seconds since 1970).
    case since(Int64)
    /// `is:hidden`: tells only among the terms every ad must meet (AdQuery.hiddenOnly); a
    /// hidden ad is left out of every other query.
    case hidden
    case seller(AdQuery.Seller)
    case all([AdTerm])
    case any([AdTerm])
    case not(AdTerm)

    public func matches(_ ad: Ad) -> Bool {
        switch self {
        case let .words(words):
            let found = SearchQuery.words(of: ad.title + " " + ad.description)
            return words.allSatisfy { word in found.contains { $0.hasPrefix(word) } }
        case let .category(_, id): return ad.categoryID == (id ?? -1)
        case let .price(range): return range.contains(ad.price)
        case .urgent: return ad.isUrgent
        case .starred: return ad.isStarred
        case let .since(moment): return ad.created >= moment
        case .hidden: return ad.isHidden
        case let .seller(seller): return (seller == .pro) == ad.isProfessional
        case let .all(terms): return terms.allSatisfy { $0.matches(ad) }
        case let .any(terms): return terms.contains { $0.matches(ad) }
        case let .not(term): return !term.matches(ad)
        }
    }

    /// As QueryExpression.outline writes the to-dos': `(or velo (not enfant))`.
    public var outline: String {
        switch self {
        case let .words(words): return words.count == 1 ? words[0] : "(and " + words.joined(separator: " ") + ")"
        case let .category(name, _): return "cat:" + name
        case let .price(range): return "price:" + range.outline
        case .urgent: return "is:urgent"
        case .starred: return "is:starred"
        case let .since(moment): return "since:" + AdTerm.day(moment)
        case .hidden: return "is:hidden"
        case let .seller(seller): return "is:" + seller.rawValue
        case let .all(terms): return "(and " + terms.map(\.outline).joined(separator: " ") + ")"
        case let .any(terms): return "(or " + terms.map(\.outline).joined(separator: " ") + ")"
        case let .not(term): return "(not " + term.outline + ")"
        }
    }

    /// The day a moment falls on (UTC, as the API's dates), for outlines.
    static func day(_ moment: Int64) -> String {
        let days = moment >= 0 ? moment / 86_400 : (moment - 86_399) / 86_400
        return DueDay(dayNumber: Int(clamping: days)).iso
    }

    /// Every `cat:` with its id from `id` (nil: no such category, which matches no ad).
    public func placing(_ id: (String) -> Int64?) -> AdTerm {
        switch self {
        case let .category(name, _): return .category(name: name, id: id(name) ?? -1)
        case let .all(terms): return .all(terms.map { $0.placing(id) })
        case let .any(terms): return .any(terms.map { $0.placing(id) })
        case let .not(term): return .not(term.placing(id))
        default: return self
        }
    }

    /// The categories it names, for the shell to check against the catalogue.
    public var categoryNames: [String] {
        switch self {
        case let .category(name, _): return [name]
        case let .all(terms), let .any(terms): return terms.flatMap(\.categoryNames)
        case let .not(term): return term.categoryNames
        default: return []
        }
    }

    /// Whether a word is asked anywhere (SQLite's text index must be current).
    public var hasWords: Bool {
        switch self {
        case .words: return true
        case let .all(terms), let .any(terms): return terms.contains(where: \.hasWords)
        case let .not(term): return term.hasWords
        default: return false
        }
    }
}
