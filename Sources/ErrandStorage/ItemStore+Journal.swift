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
        guard let entry = try journalEntry(for: step) else { return nil }
        try applyJournal(step, entry) { records in try records.apply(step, of: entry) }
        return entry
    }
}

extension ItemRecords {
    /// Checks every item first, then changes them: all or nothing.
    mutating func apply(_ step: JournalStep, of entry: JournalEntry) throws {
        // Oriented so that `before` is what the store must hold now and `after` what it will
        // hold; lazily, as undoing 250,000 changes made a reversed copy of every one.
        switch step {
        case .undo: try apply(entry.changes.reversed().lazy.map(\.reversed), step, entry)
        case .redo: try apply(entry.changes, step, entry)
        }
    }

    private mutating func apply<Changes: Collection<ItemChange>>(_ changes: Changes, _ step: JournalStep,
                                                                 _ entry: JournalEntry) throws {
        for change in changes {
            guard let id = change.id else { continue }
            let stored = try item(id: id)
            guard Self.same(stored, change.before) else {
                let title = (change.before ?? change.after)?.title ?? ""
                throw StoreError.journalStale(step: step.verb, command: entry.command, title: title)
            }
        }
        for change in changes {
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
