/// Which rows of a long list to read next, for every paged list (a day, `list`, `ads`). The
/// listing holds every row shown so far, so its length is where `more` starts; rows keep one
/// numbering across pages.
struct ListPage {
    let start: Int
    let limit: Int
    let continuing: Bool

    /// `keep`: when a list is shown again after a change, as many rows as were listed before.
    /// `describe` names the total in the last-page error ("10 items", "36 ads").
    init(_ s: Session, continuing: Bool, keep: Int = 0, total: Int, describe: (Int) -> String) throws(ShellError) {
        start = continuing ? s.listing.count : 0
        if continuing, start >= total { throw .usage("more: that was the last page (\(describe(total)))") }
        limit = s.rowsPerPage.map { continuing ? $0 : max($0, keep) } ?? Int.max
        self.continuing = continuing
    }

    /// The session's listing after showing `rows` on this page.
    func listing(_ s: Session, adding rows: [ListingRow]) -> [ListingRow] {
        continuing ? s.listing + rows : rows
    }
}
