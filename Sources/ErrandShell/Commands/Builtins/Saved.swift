import ErrandDomain
import ErrandStorage

/// `saved`: the saved searches with their queries and how many they find now (to-dos: in the
/// list in use, as `run` would list them).
struct Saved: ShellCommand {
    static let spec = CommandSpec("saved", summary: "the saved searches, with their queries and what each finds now") { _ in Saved() }

    func run(_ c: inout CommandContext) throws -> Display {
        let rows = try c.store.savedSearches().map { search in
            SavedSearchRow(search: search, count: Saved.count(search, c))
        }
        return Display(screen: .savedSearches(rows))
    }

    /// What the search finds now; nil when it cannot be read today (no ads cached, a category
    /// gone since, a place that cannot be found), which `run` then explains.
    static func count(_ search: SavedSearch, _ c: CommandContext) -> Int? {
        do {
            switch search.tab {
            case .todos:
                guard let list = ItemList(.found(try Find.todoQuery(search.query, command: "saved", c)), labeler: c.environment.labeler) else {
                    return nil
                }
                // As `run` lists it: within the list in use.
                return try c.store.count(c.narrowed(list.query.selection))
            case .ads:
                guard let catalogue = try c.store.catalogueSummary() else { return nil }
                var query = try Find.adQuery(search.query, command: "saved", c)
                query.placeCategories { catalogue.category(named: $0)?.id }
                return try c.store.adMatchCount(query)
            }
        } catch {
            return nil
        }
    }
}
