/// What `find` asks of the ads (on the ads tab): words in the title or description, a
/// category, a price range, urgent, a professional or a private seller (a professional's ad
/// carries a SIRET), and the order. The fields hold the terms every ad must meet; `condition`
/// the rest (an `or`, a `-`, a group). Both backends read it: the plist backend with `matches`
/// and `inOrder`, SQLite with one statement over ad's indexes.
public struct AdQuery: Hashable, Sendable, CustomStringConvertible {
    public enum Seller: String, Hashable, Sendable { case pro, `private` }

    public enum Sort: String, Hashable, Sendable, CaseIterable {
        /// Urgent first, then newest, as the app lists them.
        case listed
        case price
        case priceDescending = "-price"
        /// Newest first, urgent or not.
        case date
    }

    /// Folded, each once (SearchQuery.words).
    public var words: [String] = []
    /// A category by name as typed (`cat:`), placed by the shell against the catalogue.
    public var categoryName: String?
    public var categoryID: Int64?
    /// Euros. `price:100..200` includes both ends; `price:<200` and `price:>100` leave the
    /// amount itself out (as `due:<fri` leaves out Friday), `<=` and `>=` keep it.
    public var lowestPrice: Double?
    public var highestPrice: Double?
    public var lowestExcluded = false
    public var highestExcluded = false
    public var urgentOnly = false
    /// `is:starred`: the starred ads, those gone from the listing included.
    public var starredOnly = false
    /// `is:hidden` (the `hidden` list): the hidden ads, which every other query leaves out.
    public var hiddenOnly = false
    /// `since:`: posted at or after this moment (seconds since 1970).
    public var postedSince: Int64?
    public var seller: Seller?
    public var sort = Sort.listed
    /// What the query asks beyond the terms every ad must meet (AdQueryParser).
    public var condition: AdTerm?
    /// As typed, for headings.
    public var description: String

    public init(words: [String] = [], description: String) {
        self.words = words
        self.description = description
    }

    /// The words alone, as `find` on the ads tab took them before its terms.
    public init?(_ query: SearchQuery) {
        guard query.isPlain, query.tags.isEmpty else { return nil }
        self.init(words: query.words, description: query.description)
    }

    public func matches(_ ad: Ad) -> Bool {
        if let categoryID, ad.categoryID != categoryID { return false }
        if let lowestPrice, lowestExcluded ? ad.price <= lowestPrice : ad.price < lowestPrice { return false }
        if let highestPrice, highestExcluded ? ad.price >= highestPrice : ad.price > highestPrice { return false }
        if urgentOnly, !ad.isUrgent { return false }
        // A gone ad is kept for its star alone: only is:starred lists it.
        if starredOnly ? !ad.isStarred : ad.isGone { return false }
        if hiddenOnly != ad.isHidden { return false }
        if let postedSince, ad.created < postedSince { return false }
        switch seller {
        case .pro?: if !ad.isProfessional { return false }
        case .private?: if ad.isProfessional { return false }
        case nil: break
        }
        if let condition, !condition.matches(ad) { return false }
        guard !words.isEmpty else { return true }
        let found = SearchQuery.words(of: ad.title + " " + ad.description)
        return words.allSatisfy { word in found.contains { $0.hasPrefix(word) } }
    }

    /// Every `cat:` named placed against the catalogue (`id` nil: none, which matches no ad).
    public mutating func placeCategories(_ id: (String) -> Int64?) {
        if let categoryName { categoryID = id(categoryName) ?? -1 }
        condition = condition?.placing(id)
    }

    /// Every category the query names, for the shell to check.
    public var categoryNames: [String] { (categoryName.map { [$0] } ?? []) + (condition?.categoryNames ?? []) }

    /// The order `sort:` asks for; id breaks ties so the numbering is stable.
    public func inOrder(_ a: Ad, _ b: Ad) -> Bool {
        switch sort {
        case .listed: return Ad.listOrder(a, b)
        case .price: return a.price != b.price ? a.price < b.price : a.id < b.id
        // Ties the other way too, so SQLite walks its price index backwards without a sort.
        case .priceDescending: return a.price != b.price ? a.price > b.price : a.id > b.id
        case .date: return a.created != b.created ? a.created > b.created : a.id < b.id
        }
    }
}

extension Ad {
    /// A professional's ad carries a SIRET (an empty one is none).
    public var isProfessional: Bool { !(siret ?? "").isEmpty }
}
