import ErrandDomain
import ErrandStorage

extension ItemStore {
    /// Puts items back exactly as given (same id, state and sequence), replacing same-id
    /// items, through the records undo writes with: for tests that need a store in a state no
    /// command makes (an older version's bytes, a removed item back beside its changed self).
    func putBack(_ items: [TodoItem]) throws {
        try changeItems { records in
            for item in items {
                try records.removeItem(id: item.id)
                try records.insert(item)
            }
        }
    }
}
