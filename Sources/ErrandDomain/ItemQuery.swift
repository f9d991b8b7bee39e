/// What a screen lists: which items, in which order. A store counts its selection and reads
/// it a page at a time, so a new list is a new query, not a new member of every backend.
public struct ItemQuery: Hashable, Sendable {
    public var selection: ItemSelection
    public var order: ItemOrder

    public init(_ selection: ItemSelection, in order: ItemOrder) {
        self.selection = selection
        self.order = order
    }

    // The lists the shell shows: a store must read each page of these without sorting the
    // whole store (SQLite's query plans are checked for exactly these).

    /// `list`.
    public static let agenda = ItemQuery(.all, in: .agenda)
    /// `list added`, and every item in the order added and checked.
    public static let added = ItemQuery(.all, in: .sections)
    /// One day's list, or (nil) No date.
    public static func day(_ day: DueDay?) -> ItemQuery { ItemQuery(.day(day), in: .day) }
    /// The week's Overdue row opened.
    public static func overdue(before day: DueDay) -> ItemQuery { ItemQuery(.overdue(before: day), in: .agenda) }
    /// What `find` lists.
    public static func found(_ query: SearchQuery) -> ItemQuery { ItemQuery(.matching(query), in: .agenda) }
}
