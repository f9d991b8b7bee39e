import ErrandDomain
import FoundationEssentials

/// A kept conflict's version of an item as both backends store it: the property-list store's
/// item (PlistItem), in its file as is and in SQLite as JSON. A version that no longer reads
/// (a hand-edited store) reads as absent: the conflict stays, its other side shown.
enum ConflictVersion {
    static func json(_ item: TodoItem?) -> String? {
        guard let item, let data = try? JSONEncoder().encode(PlistItem(item)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func item(json text: String?) -> TodoItem? {
        guard let text, let entry = try? JSONDecoder().decode(PlistItem.self, from: Data(text.utf8)) else { return nil }
        return entry.todoItem
    }
}
