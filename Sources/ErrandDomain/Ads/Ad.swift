import FoundationEssentials

/// One classified ad, with every field the paperclip API gives.
public struct Ad: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var categoryID: Int64
    public var title: String
    public var description: String
    public var price: Double
    public var smallImage: String?
    public var thumbImage: String?
    /// Seconds since 1970 (the API's `creation_date`, to the second).
    public var created: Int64
    public var isUrgent: Bool
    public var siret: String?
    /// Starred (`star N`): kept in the cache after it leaves the listing, until unstarred.
    public var isStarred = false
    /// No longer in the listing, kept because it is starred.
    public var isGone = false
    /// Hidden (`hide N`): left out of lists, finds and alerts, with its re-posts, until unhidden.
    public var isHidden = false
    /// The ad this one re-posts under a new id (same title, text and seller), as a sync found it.
    public var repostOf: Int64?

    public init(id: Int64, categoryID: Int64, title: String, description: String, price: Double,
                smallImage: String? = nil, thumbImage: String? = nil, created: Int64, isUrgent: Bool,
                siret: String? = nil) {
        self.id = id
        self.categoryID = categoryID
        self.title = title
        self.description = description
        self.price = price
        self.smallImage = smallImage
        self.thumbImage = thumbImage
        self.created = created
        self.isUrgent = isUrgent
        self.siret = siret
    }

    public var hasImage: Bool { smallImage != nil || thumbImage != nil }

    /// Equal as the catalogue lists it: what a sync compares (stars and marks are ours).
    public func sameListing(_ other: Ad) -> Bool {
        var mine = self
        mine.isStarred = other.isStarred
        mine.isGone = other.isGone
        mine.isHidden = other.isHidden
        mine.repostOf = other.repostOf
        return mine == other
    }

    /// What a re-post of this ad keeps: the same title, text and seller (the SIRET; none for
    /// a private seller, whom the API does not name).
    public var repostKey: [String] { [title, description, siret ?? ""] }

    /// The list's order: urgent ads above all others, then newest first; id breaks ties so
    /// the numbering is stable.
    public static func listOrder(_ a: Ad, _ b: Ad) -> Bool {
        if a.isUrgent != b.isUrgent { return a.isUrgent }
        if a.created != b.created { return a.created > b.created }
        return a.id < b.id
    }
}
