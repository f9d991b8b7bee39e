import ErrandDomain
import FoundationEssentials

/// A journal entry's item changes as both backends keep them: items in the property-list
/// store's own shape (PlistItem), so a field added to items is journaled where it is stored.
/// SQLite keeps them as JSON in one column, the property-list store inside its document.
struct StoredChange: Codable {
    var before: PlistItem?
    var after: PlistItem?

    init(_ change: ItemChange) {
        before = change.before.map(PlistItem.init)
        after = change.after.map(PlistItem.init)
    }

    /// nil when a stored item has an impossible field (a damaged file).
    var change: ItemChange? {
        let before = self.before.map { $0.todoItem }
        let after = self.after.map { $0.todoItem }
        if case .some(nil) = before { return nil }
        if case .some(nil) = after { return nil }
        return ItemChange(before: before ?? nil, after: after ?? nil)
    }

    static func decode(_ data: Data, path: String) throws -> [ItemChange] {
        guard let stored = try? JSONDecoder().decode([StoredChange].self, from: data) else {
            throw StoreError.notAStore(path: path, reason: "damaged: an undo journal entry cannot be read")
        }
        return try stored.map { try $0.checked(path: path) }
    }

    func checked(path: String) throws -> ItemChange {
        guard let change else {
            throw StoreError.notAStore(path: path, reason: "damaged: an undo journal entry has an invalid item")
        }
        return change
    }
}
