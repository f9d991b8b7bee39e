import ErrandDomain
import FoundationEssentials

/// The three-way merge of one item both sides changed: a field changed on one side only
/// takes that side's value; a field changed on both takes the value of the side with the
/// later LAST-MODIFIED (the server on a tie). Without a base (the item was never synced),
/// every differing field counts as changed on both sides.
public enum SyncMerge {
    struct Field: Sendable {
        let name: String
        let same: @Sendable (TodoItem, TodoItem) -> Bool
        let copy: @Sendable (inout TodoItem, TodoItem) -> Void
        /// A field merged as a set (FieldMerge.asSet): both sides' changes applied, no clash.
        var mergeSet: (@Sendable (_ base: TodoItem, _ local: TodoItem, _ remote: TodoItem, _ merged: inout TodoItem) -> Void)?
    }

    /// One per declared field (ItemField), merged as it declares.
    static func declared(_ field: ItemField) -> Field {
        var merged = Field(name: field.name, same: { $0.fields[field] == $1.fields[field] },
                           copy: { $0.fields[field] = $1.fields[field] })
        if case .asSet = field.merge {
            merged.mergeSet = { base, local, remote, result in
                result.fields[field] = mergedWords(base: base.fields[field]?.words ?? [], local: local.fields[field]?.words ?? [],
                            remote: remote.fields[field]?.words ?? [])
            }
        }
        return merged
    }

    /// Words either side removed since the base are gone, words either side added are in;
    /// compared as ItemField.key compares them, in local order, then remote's additions.
    static func mergedWords(base: [String], local: [String], remote: [String]) -> FieldValue? {
        let baseKeys = Set(base.map(ItemField.key))
        let localKeys = Set(local.map(ItemField.key))
        let remoteKeys = Set(remote.map(ItemField.key))
        var seen = Set<String>()
        var words: [String] = []
        for word in local + remote {
            let key = ItemField.key(word)
            let removed = baseKeys.contains(key) && (!localKeys.contains(key) || !remoteKeys.contains(key))
            if !removed, seen.insert(key).inserted { words.append(word) }
        }
        return words.isEmpty ? nil : .words(words)
    }

    static let fields: [Field] = [
        Field(name: "title", same: { $0.title == $1.title }, copy: { $0.title = $1.title }),
        Field(name: "notes", same: { $0.notes == $1.notes }, copy: { $0.notes = $1.notes }),
        Field(name: "due", same: { $0.due == $1.due && $0.time == $1.time }, copy: { $0.due = $1.due; $0.time = $1.time }),
        Field(name: "place", same: { $0.location == $1.location }, copy: { $0.location = $1.location }),
        Field(name: "done", same: { $0.isDone == $1.isDone }, copy: { $0.isDone = $1.isDone }),
        Field(name: "repeat", same: { $0.repeats == $1.repeats }, copy: { $0.repeats = $1.repeats }),
    ] + ItemField.declared.map(declared)

    /// The merged item (local id, created time and place in its section; the server's kept
    /// iCalendar text, so what another client added survives) and the conflict, if any.
    public static func merge(base: TodoItem?, local: TodoItem, remote: TodoItem) -> (TodoItem, SyncConflict?) {
        var merged = local
        let serverWins = remote.modified >= local.modified
        var clashed: [String] = []
        for field in fields where !field.same(local, remote) {
            if let base, let mergeSet = field.mergeSet {
                mergeSet(base, local, remote, &merged)
            } else if let base, field.same(local, base) {
                field.copy(&merged, remote)
            } else if let base, field.same(remote, base) {
                continue
            } else {
                clashed.append(field.name)
                if serverWins { field.copy(&merged, remote) }
            }
        }
        merged.icalendar = remote.icalendar
        merged.modified = max(local.modified, remote.modified)
        let conflict = clashed.isEmpty ? nil : SyncConflict(title: merged.title, fields: clashed, keptFromServer: serverWins)
        return (merged, conflict)
    }

    /// Whether two versions agree on every field Errand owns.
    public static func same(_ a: TodoItem, _ b: TodoItem) -> Bool {
        fields.allSatisfy { $0.same(a, b) }
    }
}
