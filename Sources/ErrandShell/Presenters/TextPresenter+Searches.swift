import ErrandDomain

/// `saved` as text: name, tab, what it finds now, and the query as typed (last: it is the
/// column that may be cut).
extension TextPresenter {
    func savedSearches(_ rows: [SavedSearchRow]) -> [String] {
        guard !rows.isEmpty else { return ["no saved searches yet: find something, then save NAME"] }
        let names = rows.map { DisplayWidth.sanitize($0.search.name) }
        let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
        let counts = rows.map { row in
            row.count.map { row.search.tab == .ads ? Plural.ads($0) : Plural.items($0) } ?? "cannot run now"
        }
        let countWidth = counts.map { DisplayWidth.of($0) }.max() ?? 0
        return [style("Saved searches", "1")] + rows.enumerated().map { i, row in
            clip(DisplayWidth.pad(names[i], to: nameWidth) + "  " + DisplayWidth.pad(row.search.tab.rawValue, to: 5) + "  "
                 + DisplayWidth.pad(counts[i], to: countWidth) + "  " + DisplayWidth.sanitize(row.search.query))
        }
    }
}
