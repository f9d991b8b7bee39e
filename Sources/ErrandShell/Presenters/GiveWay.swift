/// The columns of a list row that make room for its title on a narrow screen: a row is read
/// for its title, so the other columns go first, the least needed first, until the title has
/// `floor` columns or nothing is left to give. Outside a terminal (no width) everything stays.
struct GiveWay {
    /// One per column, in the order given: whether it is shown.
    let kept: [Bool]
    /// Columns left for the title (and what follows it); nil when there is no width.
    let titleRoom: Int?

    /// `fixed`: the row's width without the title and the optional columns; `columns`: the
    /// width of each optional column (with its gap), in the order they give way.
    init(width: Int?, fixed: Int, columns: [Int], floor: Int) {
        guard let width else {
            kept = columns.map { _ in true }
            titleRoom = nil
            return
        }
        var kept = columns.map { _ in true }
        var room = width - fixed - columns.reduce(0, +)
        for (i, column) in columns.enumerated() where room < floor {
            kept[i] = false
            room += column
        }
        self.kept = kept
        titleRoom = room
    }

    func keeps(_ column: Int) -> Bool {
        kept.indices.contains(column) && kept[column]
    }
}
