/// What a page call's `offset` and `limit` mean, stated once for every backend, whether it
/// slices a list in memory or hands the window to SQL: a negative offset starts at the top,
/// a negative limit reads nothing (SQLite alone would read everything), `.max` reads to the end.
struct PageWindow {
    let offset: Int
    let limit: Int

    init(offset: Int, limit: Int) {
        self.offset = max(offset, 0)
        self.limit = max(limit, 0)
    }

    /// This page of a list already in its order.
    func slice<Element>(_ list: [Element]) -> [Element] {
        let start = min(offset, list.count)
        return Array(list[start..<(start + min(limit, list.count - start))])
    }
}
