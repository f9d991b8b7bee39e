/// Which way a journal entry is applied: `undo` puts the items back as they were before it,
/// `redo` as it left them.
public enum JournalStep: Sendable {
    case undo, redo

    public var verb: String { self == .undo ? "undo" : "redo" }
}
