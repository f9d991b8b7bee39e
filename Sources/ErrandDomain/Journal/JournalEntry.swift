import Foundation

/// One command's change to the items as the store's journal keeps it: what it was, when, and
/// every item before and after, so it can be undone (and redone) after a restart, by exactly
/// the items it touched.
public struct JournalEntry: Equatable, Sendable {
    /// Increasing with every entry: the journal's order.
    public var id: Int64
    public var time: Date
    /// The command as the user named it (`check`, `postpone`, `clear`).
    public var command: String
    public var changes: [ItemChange]
    /// Undone entries are the ones `redo` can apply again; a new change drops them.
    public var undone: Bool

    public init(id: Int64, time: Date, command: String, changes: [ItemChange], undone: Bool = false) {
        self.id = id
        self.time = Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
        self.command = command
        self.changes = changes
        self.undone = undone
    }

    /// At most this many entries are kept; older ones are dropped as new ones come.
    public static let capacity = 1_000

    /// The items the command acted on: those it found (a check's item, not the occurrence the
    /// check created); for a command that only created items, those.
    public var subjects: [TodoItem] {
        let found = changes.compactMap(\.before)
        return found.isEmpty ? changes.compactMap(\.after) : found
    }
}
