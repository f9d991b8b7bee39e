import ErrandDomain
import FoundationEssentials

/// Saved searches in `saved_search`; their journal entries hold no item changes and the
/// searches' changes as JSON in `journal.searches`, written in the same transaction.
extension SQLiteItemStore: SavedSearchStore {
    public func savedSearches() throws -> [SavedSearch] {
        let s = try db.statement("SELECT name, tab, query FROM saved_search ORDER BY name")
        defer { s.reset() }
        var found: [SavedSearch] = []
        while try s.step() {
            guard let tab = SavedSearch.Tab(rawValue: s.text(1)) else {
                throw StoreError.notAStore(path: path, reason: "damaged: saved search \"\(s.text(0))\" has no tab Errand knows")
            }
            found.append(SavedSearch(name: s.text(0), tab: tab, query: s.text(2)))
        }
        return found
    }

    public func changeSavedSearch(_ change: SavedSearchChange, journaled context: JournalContext?) throws {
        try db.writeTransaction {
            guard try storedSearch(change.name) == change.before else { throw change.changedSince }
            try writeSearch(change)
            guard let context else { return }
            try endRedo()
            let insert = try db.statement("INSERT INTO journal (time, command, changes, searches) VALUES (?1, ?2, '[]', ?3) RETURNING id")
            insert.bind(1, Int64(context.time.timeIntervalSince1970))
            insert.bind(2, context.command)
            insert.bind(3, try Self.encodeSearches([change]))
            guard try insert.step() else { throw StoreError.sqlite(path: path, reason: "the undo journal refused an entry") }
            let id = insert.int(0)
            insert.reset()
            try SQLiteJournalBrief().write(db, row: id)
            try pruneJournal(below: id)
        }
    }

    /// Inside applyJournal's transaction: every search first checked, then changed.
    func applySearches(_ step: JournalStep, _ entry: JournalEntry) throws {
        let steps = entry.searchSteps(step)
        for change in steps where try storedSearch(change.name) != change.before { throw entry.staleSearch(step, change) }
        for change in steps { try writeSearch(change) }
    }

    private func storedSearch(_ name: String) throws -> SavedSearch? {
        let s = try db.statement("SELECT name, tab, query FROM saved_search WHERE name = ?1")
        s.bind(1, name)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return SavedSearch.Tab(rawValue: s.text(1)).map { SavedSearch(name: s.text(0), tab: $0, query: s.text(2)) }
    }

    private func writeSearch(_ change: SavedSearchChange) throws {
        guard let after = change.after else {
            let delete = try db.statement("DELETE FROM saved_search WHERE name = ?1")
            delete.bind(1, change.name)
            return try delete.run()
        }
        let s = try db.statement("INSERT OR REPLACE INTO saved_search (name, tab, query) VALUES (?1, ?2, ?3)")
        s.bind(1, after.name)
        s.bind(2, after.tab.rawValue)
        s.bind(3, after.query)
        try s.run()
    }

    static func encodeSearches(_ changes: [SavedSearchChange]) throws -> String {
        String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
    }

    func decodeSearches(_ text: String) throws -> [SavedSearchChange] {
        do {
            return try JSONDecoder().decode([SavedSearchChange].self, from: Data(text.utf8))
        } catch {
            throw StoreError.notAStore(path: path, reason: "damaged: an undo journal entry's saved searches cannot be read")
        }
    }
}
