/// A range of a tally's keys (days in day_count, priorities in priority_count) and a state:
/// what the day, priority and state terms of a query leave (SQLiteFacetCount.tally).
struct TallySlice: Equatable {
    private(set) var first = Int.min
    private(set) var last = Int.max
    /// nil: open and done alike.
    private(set) var open: Bool?
    private var contradicted = false

    var isEmpty: Bool { contradicted || first > last }

    mutating func narrow(_ from: Int, _ to: Int) {
        first = max(first, from)
        last = min(last, to)
    }

    mutating func require(open wanted: Bool) {
        if let open, open != wanted { contradicted = true }
        open = wanted
    }

    /// (total, To do) from the tallies of the range: all of them, the open ones or the done.
    func counts(total: Int, open toDo: Int) -> (total: Int, open: Int) {
        guard !isEmpty else { return (0, 0) }
        switch open {
        case nil: return (total, toDo)
        case true?: return (toDo, toDo)
        case false?: return (total - toDo, 0)
        }
    }
}
