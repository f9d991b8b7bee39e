import ErrandDomain
import FoundationEssentials

/// A kept conflict (KeptConflict) inside a property-list store; each version as the file
/// writes an item.
struct PlistConflict: Codable {
    var id: Int64
    var at: Date
    var list: String?
    var item: String
    var title: String
    var kind: String
    var fields: [String]
    var serverWon: Bool
    var here: PlistItem?
    var there: PlistItem?
    var seen: Bool
    var decided: String?

    init(_ conflict: KeptConflict) {
        id = conflict.id
        at = conflict.at
        list = conflict.list
        item = UUIDText.of(conflict.itemID)
        title = conflict.title
        kind = conflict.kind.rawValue
        fields = conflict.fields
        serverWon = conflict.keptFromServer
        here = conflict.here.map(PlistItem.init)
        there = conflict.there.map(PlistItem.init)
        seen = conflict.seen
        decided = conflict.decided?.rawValue
    }

    /// nil for an entry a hand edit made unreadable: it is dropped, the rest kept.
    var conflict: KeptConflict? {
        guard let itemID = UUID(uuidString: item), let kind = KeptConflict.Kind(rawValue: kind) else { return nil }
        return KeptConflict(id: id, at: at, list: list, itemID: itemID, title: title, kind: kind, fields: fields,
                            keptFromServer: serverWon, here: here?.todoItem, there: there?.todoItem, seen: seen,
                            decided: decided.flatMap(KeptConflict.Decision.init(rawValue:)))
    }
}
