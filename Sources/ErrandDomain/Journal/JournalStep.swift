/// Which way a journal entry is applied: `undo` puts the items back as they were before it,
/// `redo` as it left them.
public enum JournalStep: Sendable {
    case undo, redo

    /// The entry's changes oriented so that `before` is what the store must hold now and
    /// `after` what it will hold.
    public func changes(of entry: JournalEntry) -> [ItemChange] {
        switch self {
        case .undo: return entry.changes.reversed().map(\.reversed)
        case .redo: return entry.changes
        }
    }

    public var verb: String { self == .undo ? "undo" : "redo" }
}
