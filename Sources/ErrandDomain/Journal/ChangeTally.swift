/// A journal entry's changes in brief: what undo's and redo's message names (`import of 3
/// items`, `check of "Dentist"`), counted one change at a time, so that no change is kept.
public struct ChangeTally: Equatable, Sendable {
    public private(set) var found = 0
    public private(set) var created = 0
    /// Changes with an item on either side: every item an import added or updated.
    public private(set) var touched = 0
    public private(set) var firstFound: TodoItem?
    public private(set) var firstCreated: TodoItem?
    public private(set) var firstTouched: TodoItem?

    public init() {}

    /// A tally kept rather than counted (SQLite keeps one beside each journal entry for
    /// `log`): the counts, and `firsts`, the changes holding the first item of each kind, in
    /// the order written.
    public init(found: Int, created: Int, touched: Int, firsts: [ItemChange]) {
        for change in firsts { count(change) }
        self.found = found
        self.created = created
        self.touched = touched
    }

    /// `backwards`: the changes are counted last first (undo reads them so), and the first
    /// of each kind is still the first written.
    public mutating func count(_ change: ItemChange, backwards: Bool = false) {
        if let before = change.before {
            found += 1
            if backwards || firstFound == nil { firstFound = before }
        }
        if let after = change.after {
            created += 1
            if backwards || firstCreated == nil { firstCreated = after }
        }
        if let item = change.after ?? change.before {
            touched += 1
            if backwards || firstTouched == nil { firstTouched = item }
        }
    }

    /// As JournalEntry.subjects: the items the command found, or for a command that only
    /// created items, those.
    public var subjects: (count: Int, first: TodoItem?) {
        found > 0 ? (found, firstFound) : (created, firstCreated)
    }
}
