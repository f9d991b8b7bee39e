import ErrandDomain
import ErrandStorage

/// `board`: the items by state in columns, read as `find` reads them (one query a column,
/// within the list in use), so a store of 100,000 items reads a screenful, never the store.
extension CommandContext {
    /// Rows a column shows outside a terminal, where no height says how many fit.
    static let boardRowsWithoutTerminal = 10

    mutating func boardScreen(message: String?) throws -> Display {
        // The column headings and the line under a cut column take two of the page's rows.
        let fit = session.rowsPerPage.map { max(3, $0 - 2) } ?? Self.boardRowsWithoutTerminal
        var columns: [BoardColumn] = []
        var listing: [ListingRow] = []
        for state in ItemState.allCases {
            let probe = BoardColumn(state: state, rows: [], first: 0, total: 0)
            let query = try narrowed(ItemQuery(.matching(SearchQuery(probe.expression, description: probe.query)), in: .agenda))
            let total = try store.count(query.selection)
            // Cancelled only when there is any; done ones newest first (the last checked).
            if state == .cancelled, total == 0 { continue }
            let rows = state.isClosed
                ? try store.items(query, offset: max(0, total - fit), limit: fit).reversed()
                : try store.items(query, offset: 0, limit: fit)
            columns.append(BoardColumn(state: state, rows: rows, first: listing.count + 1, total: total))
            listing += rows.map { .item($0) }
        }
        session.listing = listing
        return Display(message: message, screen: .board(columns))
    }
}
