import ErrandDomain
import FoundationEssentials

/// The undo journal, once for both backends: a command's changes are journaled in the same
/// transaction as the items (the `JournalContext` handed to the backends' `changeItems`, never
/// held by the store, so no other change can land under that command's name), and undo and
/// redo apply an entry back or forth only if every item it touched is still as the entry left
/// it, so a change made since, by this shell or another, is never overwritten.
extension ItemStore {
    /// Applies the next entry in `step`'s direction and returns it; nil when there is none.
    public func apply(_ step: JournalStep) throws -> JournalEntry? {
        // SQLite reads the entry's changes a piece at a time (SQLiteJournalReader).
        if let sqlite = self as? SQLiteItemStore { return try sqlite.applyReading(step) }
        guard let entry = try journalEntry(for: step) else { return nil }
        try applyJournal(step, entry) { records in try records.apply(step, of: entry) }
        return entry
    }

    /// As journal(limit:), for `log`'s lines: an entry may hold its tally (`counted`) instead
    /// of its changes. SQLite keeps each entry's tally beside it (SQLiteJournalBrief); the
    /// property-list store holds its journal in memory anyway.
    public func journalInBrief(limit: Int) throws -> [JournalEntry] {
        if let sqlite = self as? SQLiteItemStore { return try sqlite.journalInBrief(limit: limit) }
        if let plist = self as? PlistItemStore { return try plist.journalInBrief(limit: limit) }
        return try journal(limit: limit)
    }

    /// Hands `body` each item `log --json` lists for `entry` (JournalEntry.subjects) as the
    /// entry's changes are read, one at a time: JSON `log` of an import of 500,000 items held
    /// every change decoded, then every item as JSON. `entry` is one journalInBrief returned.
    public func eachJournalSubject(of entry: JournalEntry, _ body: (TodoItem) throws -> Void) throws {
        if let sqlite = self as? SQLiteItemStore { return try sqlite.eachJournalSubject(of: entry, body) }
        if let plist = self as? PlistItemStore { return try plist.eachJournalSubject(of: entry, body) }
        for item in entry.subjects { try body(item) }
    }
}

extension StoreError {
    /// eachJournalSubject's entry dropped by another shell since journalInBrief listed it (a
    /// new change ends the undone ones; the oldest go past JournalEntry.capacity).
    static func journalEntryGone(path: String) -> StoreError {
        .unreadable(path: path, reason: "an undo journal entry was dropped while it was listed (another shell?)")
    }
}

extension ItemRecords {
    /// Checks every item first, then changes them: all or nothing.
    mutating func apply(_ step: JournalStep, of entry: JournalEntry) throws {
        try apply(step, command: entry.command) { body in
            // Oriented so that `before` is what the store must hold now and `after` what it
            // will hold; one at a time, as undoing 250,000 changes made a reversed copy of every one.
            switch step {
            case .undo: for change in entry.changes.reversed() { try body(change.reversed) }
            case .redo: for change in entry.changes { try body(change) }
            }
        }
    }

    /// `changes` hands its argument every change in the order `step` applies them, oriented
    /// as `apply(_:of:)` says; it is called twice: every item is checked before any changes.
    mutating func apply(_ step: JournalStep, command: String,
                        changes: ((ItemChange) throws -> Void) throws -> Void) throws {
        try changes { change in
            guard let id = change.id else { return }
            let stored = try item(id: id)
            guard Self.same(stored, change.before) else {
                let title = (change.before ?? change.after)?.title ?? ""
                throw StoreError.journalStale(step: step.verb, command: command, title: title)
            }
        }
        try changes { change in
            switch (change.before, change.after) {
            case let (nil, after?): try insert(after)
            case let (_?, after?):
                var kept = after
                // What rang stays rung: when a reminder rang since this step (the store's
                // `reminded` or snooze is no longer what the step left), put back it would ring a
                // second time. Otherwise they go back with the step (a snooze also set them).
                if let stored = try item(id: after.id) {
                    if stored.reminded != change.before?.reminded { kept.reminded = stored.reminded }
                    if stored.snoozed != change.before?.snoozed { kept.snoozed = stored.snoozed }
                }
                try update(kept)
            case let (before?, nil): try removeItem(id: before.id)
            case (nil, nil): break
            }
        }
    }

    /// Equal but for what a reminder ringing writes (when it rang, the snooze it spent, the
    /// modified time): ringing is not journaled, and must not make every earlier step of that
    /// item stale.
    static func same(_ stored: TodoItem?, _ expected: TodoItem?) -> Bool {
        guard let stored, var expected else { return stored == nil && expected == nil }
        expected.reminded = stored.reminded
        expected.snoozed = stored.snoozed
        expected.modified = stored.modified
        return stored == expected
    }
}
