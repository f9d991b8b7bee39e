import FoundationEssentials

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
    /// The saved searches the command saved or forgot (`save`, `forget`).
    public var searches: [SavedSearchChange]
    /// Undone entries are the ones `redo` can apply again; a new change drops them.
    public var undone: Bool
    /// The changes in brief, when `changes` was not kept: SQLite's undo and redo read an
    /// entry's changes a piece at a time and keep only this (an import of 800,000 items, read
    /// whole, took 834 MB).
    public var counted: ChangeTally?

    public init(id: Int64, time: Date, command: String, changes: [ItemChange], searches: [SavedSearchChange] = [],
                undone: Bool = false) {
        self.id = id
        // Within years 1...9999, as every date Errand reads: a damaged store's time must not
        // trap where it is shown (JSON's log writes it as a 64-bit count of seconds).
        let seconds = time.timeIntervalSince1970
        let kept = seconds.isFinite ? min(max(seconds, Clock.supportedSeconds.lowerBound), Clock.supportedSeconds.upperBound) : 0
        self.time = Date(timeIntervalSince1970: kept.rounded(.down))
        self.command = command
        self.changes = changes
        self.searches = searches
        self.undone = undone
    }

    /// At most this many entries are kept; older ones are dropped as new ones come.
    public static let capacity = 1_000

    /// The items the command acted on: those it found (a check's item, not the occurrence the
    /// check created); for a command that only created items, those.
    /// Lazily: a check of 100,000 rows would copy every item to name one.
    public var subjects: some Collection<TodoItem> {
        let found = changes.contains { $0.before != nil }
        return changes.lazy.compactMap { found ? $0.before : $0.after }
    }

    /// A change undo cannot revert (`star`): journaled without changes, so that undo
    /// refuses rather than revert the change before it. An entry read counted (undo of an
    /// import) has its changes in `counted`, not `changes`.
    public var isIrreversible: Bool { changes.isEmpty && searches.isEmpty && tally.touched == 0 }

    /// `counted`, else the tally of `changes`.
    public var tally: ChangeTally {
        if let counted { return counted }
        var tally = ChangeTally()
        for change in changes { tally.count(change) }
        return tally
    }

    /// How many `subjects` there are.
    public var subjectCount: Int {
        let found = changes.count { $0.before != nil }
        return found > 0 ? found : changes.count { $0.after != nil }
    }
}
