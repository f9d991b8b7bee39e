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

    /// A change at a time (JSONSlices): the decoder's map of a whole entry of 250,000 changes
    /// was larger than the changes it gave.
    static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws -> [ItemChange] {
        let unreadable = StoreError.notAStore(path: path, reason: "damaged: an undo journal entry cannot be read")
        let decoder = JSONDecoder()
        var changes: [ItemChange] = []
        var slices = JSONSlices(bytes)
        do {
            try slices.elements { range in
                let stored = try decoder.decode(StoredChange.self, from: Data(bytes[range]))
                changes.append(try stored.checked(path: path))
            }
            try slices.end()
        } catch let error as StoreError {
            throw error
        } catch {
            throw unreadable
        }
        return changes
    }

    func checked(path: String) throws -> ItemChange {
        guard let change else {
            throw StoreError.notAStore(path: path, reason: "damaged: an undo journal entry has an invalid item")
        }
        return change
    }
}
