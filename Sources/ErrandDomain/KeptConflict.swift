import FoundationEssentials

/// A conflict a sync resolved, kept with both versions so the user can see it tomorrow and
/// decide it the other way (`conflicts`, `keep here|there|both`): fields both sides changed
/// since the last sync (the later LAST-MODIFIED won), or an item deleted on one side and
/// changed on the other (the change won). Kept by both backends beside the sync state,
/// written in the same transaction as the merge it records.
public struct KeptConflict: Equatable, Sendable, Identifiable {
    public enum Kind: String, Sendable {
        /// Both sides changed `fields`.
        case edited
        /// Deleted on the server, changed here: kept here, sent again.
        case deletedThere = "deleted there"
        /// Deleted here, changed on the server: the server's version came back.
        case deletedHere = "deleted here"
    }

    /// What the user chose (`keep here`, `keep there`, `keep both`).
    public enum Decision: String, Sendable, CaseIterable {
        case here, there, both
    }

    /// The store's number for it, growing: newest is highest. 0 until kept.
    public var id: Int64
    public var at: Date
    /// The list it synced in (nil: the main list).
    public var list: String?
    public var itemID: UUID
    public var title: String
    public var kind: Kind
    /// The fields both sides changed (SyncMerge's names); empty for a delete.
    public var fields: [String]
    /// Which side won: the server's (later LAST-MODIFIED, or its change against a delete here)
    /// or this store's.
    public var keptFromServer: Bool
    /// This store's version before the sync (nil: deleted here).
    public var here: TodoItem?
    /// The server's version as it came (nil: deleted there).
    public var there: TodoItem?
    /// Shown by `conflicts` (until then its item's row is marked).
    public var seen = false
    public var decided: Decision?

    public init(id: Int64 = 0, at: Date, list: String?, itemID: UUID, title: String, kind: Kind, fields: [String],
                keptFromServer: Bool, here: TodoItem?, there: TodoItem?, seen: Bool = false, decided: Decision? = nil) {
        self.id = id
        self.at = at
        self.list = list
        self.itemID = itemID
        self.title = title
        self.kind = kind
        self.fields = fields
        self.keptFromServer = keptFromServer
        self.here = here
        self.there = there
        self.seen = seen
        self.decided = decided
    }

    /// The side that lost: what `keep` of it would bring back.
    public var losing: Decision { keptFromServer ? .here : .there }

    /// Conflicts kept at most; past it the oldest go (decided ones first).
    public static let capacity = 500
}
