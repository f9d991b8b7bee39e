import ErrandDomain

/// What a query-language `find` counted, with the store state it was counted in (as
/// FoundRows): the page read after the count uses the To do count to cut across the sections
/// instead of counting again.
struct FilterCount {
    let query: SearchQuery
    /// `PRAGMA data_version` and `total_changes()`, as FoundRows.
    let stamp: [Int64]
    let total: Int
    let open: Int
    /// Where a page of few rows is read from: `item` (the planner drives from the most
    /// selective term) or the day order's range when the query's days hold few items.
    let source: String
}
