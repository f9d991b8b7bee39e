import ErrandDomain

/// A saved search as `saved` lists it: how many it finds now (nil: it cannot be read today,
/// say its category left the catalogue).
public struct SavedSearchRow: Equatable, Sendable {
    public var search: SavedSearch
    public var count: Int?
}
