import ErrandDomain

/// English counts ("1 item", "3 items").
enum Plural {
    static func items(_ n: Int) -> String { n == 1 ? "1 item" : "\(n) items" }
    /// One item by its title, several by their number.
    static func naming(_ items: [TodoItem]) -> String {
        guard items.count == 1, let item = items.first else { return Plural.items(items.count) }
        return "\"\(item.title)\""
    }
    static func subtasks(_ n: Int) -> String { n == 1 ? "1 subtask" : "\(n) subtasks" }
    static func finishedOccurrences(_ n: Int) -> String { n == 1 ? "1 finished occurrence" : "\(n) finished occurrences" }
    static func ads(_ n: Int) -> String { n == 1 ? "1 ad" : "\(n) ads" }
}
