/// A page of the open items nearest a point, nearest first, each with its distance in metres.
public struct NearbyPage: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var item: TodoItem
        public var metres: Double

        public init(item: TodoItem, metres: Double) {
            self.item = item
            self.metres = metres
        }
    }

    public var rows: [Row]
    /// Open items with coordinates in range (all of them when no range was given); nil when
    /// the range holds more than the page and they were not counted (counting every item of
    /// a crowded range cost ten times the page).
    public var total: Int?
    /// Whether rows come after this page.
    public var more: Bool
    /// Open items without coordinates, which no distance can place.
    public var unplaced: Int

    public init(rows: [Row], total: Int?, more: Bool, unplaced: Int) {
        self.rows = rows
        self.total = total
        self.more = more
        self.unplaced = unplaced
    }

    /// Orders candidates (item id, distance) nearest first, ties by the item's number in the
    /// store so that pages never overlap, and keeps those within `radius`.
    public static func ranked<ID: Comparable>(_ candidates: [(id: ID, metres: Double)], within radius: Double?)
        -> [(id: ID, metres: Double)] {
        candidates.filter { candidate in radius.map { candidate.metres <= $0 } ?? true }
            .sorted { $0.metres != $1.metres ? $0.metres < $1.metres : $0.id < $1.id }
    }
}
