import ErrandDomain

/// The saved searches, kept by both backends beside the items, so that `run NAME` works in a
/// script and on every machine that shares the store. A change is journaled as the command
/// it is handed (a `JournalContext`), in its own transaction, so `save` and `forget` are one
/// undo step each; undo and redo apply it back or forth in `applyJournal`.
public protocol SavedSearchStore: AnyObject {
    /// Every saved search, by name.
    func savedSearches() throws -> [SavedSearch]
    /// Saves, replaces or forgets one search: the search of that name must still be
    /// `change.before` (else another shell changed it: StoreError.changed, nothing done);
    /// journaled as `journal`'s, or not at all for nil.
    func changeSavedSearch(_ change: SavedSearchChange, journaled journal: JournalContext?) throws
}

extension SavedSearchStore {
    public func savedSearch(named name: String) throws -> SavedSearch? {
        try savedSearches().first { $0.name == name }
    }
}

extension JournalEntry {
    /// The entry's saved-search changes oriented for `step`: `before` is what the store must
    /// hold now, `after` what it will hold.
    func searchSteps(_ step: JournalStep) -> [SavedSearchChange] {
        switch step {
        case .undo: searches.reversed().map(\.reversed)
        case .redo: searches
        }
    }

    /// Refused as any stale journal step is: the search was saved again or forgotten since.
    func staleSearch(_ step: JournalStep, _ change: SavedSearchChange) -> StoreError {
        StoreError.journalStale(step: step.verb, command: command, title: "saved search " + change.name)
    }
}

extension SavedSearchChange {
    /// What a concurrent change of the same name is refused with.
    var changedSince: StoreError { StoreError.changed(title: "saved search " + name) }
}
