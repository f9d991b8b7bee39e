import ErrandDomain
import FoundationEssentials

/// The one storage protocol both backends implement (as the ads app's DAO had two).
///
/// Every mutating call is durable when it returns. Rule violations throw `DomainError`,
/// storage failures `StoreError`. Calls that take `expecting` act only if the stored item still
/// equals it, atomically: a listing made stale by another process never acts on the wrong item.
/// Backends differ only in how they keep items: the rules are the shared ones over
/// `ItemRecords` (ItemRecords+Rules in the domain, ItemRecords+Expecting here).
public protocol ItemStore: AnyObject {
    /// How this backend keeps items, as the shared rules see them.
    associatedtype Records: SyncRecords

    /// Where the data lives, as the user named it (for messages).
    var path: String { get }

    func item(id: UUID) throws -> TodoItem?
    /// The item known by this iCalendar UID (TodoItem.uid), compared as text.
    func item(uid: String) throws -> TodoItem?
    /// How many items `selection` holds, without reading them (SQLite: from per-day tallies,
    /// or what the full-text index found).
    func count(_ selection: ItemSelection) throws -> Int
    /// A page of what `query` lists, in its order (see PageWindow for odd windows).
    func items(_ query: ItemQuery, offset: Int, limit: Int) throws -> [TodoItem]
    /// Open items per day for `days` consecutive days from `start`: the week's rows, kept
    /// apart from `count` because the week reads its seven tallies in one statement. An item
    /// that starts after `today` is not counted until it starts.
    func openCounts(from start: DueDay, days: Int) throws -> [Int]
    /// The open items that repeat and are due on or before `last`, by due day: the series
    /// whose later occurrences may fall in a window ending then (the week, a day).
    func openSeries(dueThrough last: DueDay) throws -> [TodoItem]
    /// Every word of a words field (every tag) with how many open items hold it, most first
    /// (`tags`, and Tab where a tag goes): SQLite reads its tag index, not the items.
    func wordCounts(_ field: ItemField) throws -> [WordCount]

    /// Runs `body` on the stored items as one durable change: all of it lands, or none. With a
    /// `journal`, what it changed is journaled as that command's in the same transaction (so
    /// undo can revert it); nil journals nothing. The changes below are written once on top
    /// of it, with the shared rules.
    func changeItems<T>(journaled journal: JournalContext?, _ body: (inout Records) throws -> T) throws -> T
    /// Runs `body` on the stored items and sync state as they are now, writing nothing.
    func readRecords<T>(_ body: (Records) throws -> T) throws -> T
    /// Removes everything and returns what was removed, journaled as `journal` (for undo).
    func removeAll(journaled journal: JournalContext?) throws -> [TodoItem]

    /// The newest `limit` journal entries, newest first.
    func journal(limit: Int) throws -> [JournalEntry]
    /// The entry `step` applies next: the newest not undone for undo, the oldest undone for redo.
    func journalEntry(for step: JournalStep) throws -> JournalEntry?
    /// The command of the next entry `step` would apply when undo cannot revert it
    /// (JournalEntry.isIrreversible: `star`), else nil; read without the entry's changes,
    /// which for an import of 500,000 items are most of the store.
    func irreversibleCommand(for step: JournalStep) throws -> String?
    /// Runs `body` (which applies `entry`) and marks the entry undone or done, in one change.
    func applyJournal(_ step: JournalStep, _ entry: JournalEntry, _ body: (inout Records) throws -> Void) throws

    /// Starts a batch (`--single-transaction`): changes until `endBatch` are kept together
    /// and reach the disk all at once, or not at all; other processes wait for the end.
    func beginBatch() throws
    func endBatch(commit: Bool) throws

    func close()

    /// Called when nobody waits (a command's output is written, the next line not yet read):
    /// housekeeping that would otherwise land inside some later change (SQLite's checkpoints).
    func idle()
}

extension ItemStore {
    public func idle() {}

    /// A change nobody undoes (a sync's receipts, a reminder ringing): journaled as nothing.
    public func changeItems<T>(_ body: (inout Records) throws -> T) throws -> T {
        try changeItems(journaled: nil, body)
    }

    /// All of what `query` lists.
    public func items(_ query: ItemQuery) throws -> [TodoItem] { try items(query, offset: 0, limit: .max) }
    /// Every item, To do then Done, in the order added and checked (what export writes).
    public func allItems() throws -> [TodoItem] { try items(.added) }

    public func counts() throws -> ItemCounts {
        let open = try count(.open)
        return ItemCounts(toDo: open, done: max(0, try count(.all) - open))
    }

    /// Adds an open item at the end of To do (refused if an equal item is open).
    public func add(_ item: TodoItem, journaled journal: JournalContext? = nil) throws -> TodoItem {
        try changeItems(journaled: journal) { try $0.add(item) }
    }

    public func setDone(_ done: Bool, id: UUID, expecting: TodoItem?, at now: Date,
                        journaled journal: JournalContext? = nil) throws -> TodoItem {
        try changeItems(journaled: journal) { try $0.setDone(done, id: id, expecting: expecting, at: now) }
    }

    /// Changes the item with `item`'s id in place (edit, postpone): same id, UID, created time,
    /// state and place in its section, `now` as its modified time; refused if it would equal
    /// another open item.
    public func edit(_ item: TodoItem, expecting: TodoItem?, at now: Date,
                     journaled journal: JournalContext? = nil) throws -> TodoItem {
        try changeItems(journaled: journal) { try $0.edit(item, expecting: expecting, at: now) }
    }

    public func delete(id: UUID, expecting: TodoItem?, journaled journal: JournalContext? = nil) throws -> TodoItem {
        try changeItems(journaled: journal) { try $0.delete(id: id, expecting: expecting) }
    }

    /// Several listed items checked or unchecked in one durable step: every one is held
    /// against its listing first, and if any is stale or refused, none changes.
    public func setDone(_ done: Bool, listed: [TodoItem], at now: Date,
                        journaled journal: JournalContext? = nil) throws -> [TodoItem] {
        try changeItems(journaled: journal) { records in
            try records.holdAll(listed)
            var moved: [TodoItem] = []
            moved.reserveCapacity(listed.count)
            for item in listed {
                moved.append(try records.setDone(done, stored: records.current(id: item.id, expecting: item), at: now))
            }
            return moved
        }
    }

    /// Several listed items started, stopped (back to To do, not begun) or cancelled in one
    /// durable step, all or none (see setDone(_:listed:)). `stop` is for a started item only:
    /// a closed one is reopened by `uncheck`. Checking goes through `check` (next occurrences).
    public func setState(_ state: ItemState, listed: [TodoItem], at now: Date,
                         journaled journal: JournalContext? = nil) throws -> [TodoItem] {
        try changeItems(journaled: journal) { records in
            try records.holdAll(listed)
            var changed: [TodoItem] = []
            changed.reserveCapacity(listed.count)
            for item in listed {
                let stored = try records.current(id: item.id, expecting: item)
                if state == .toDo, stored.state != .started { throw DomainError.alreadyIn(stored.title, .toDo) }
                changed.append(try records.setState(state, stored: stored, at: now))
            }
            return changed
        }
    }

    /// Several listed items checked, and the next occurrences of those that repeat added, in
    /// one durable step (all or nothing, as setDone(_:listed:)). An occurrence equal to an
    /// item already open is not added twice. `occurrences`, by listed id: a series another
    /// client wrote, checked as that client records it (OccurrenceCheck): the series itself
    /// moves on to its next open occurrence and the done occurrence is added; `added` then
    /// holds the series as it moved.
    /// `carried`: subtasks of a repeating parent, each as it was listed and as it comes back
    /// for the next occurrence (open, under the next occurrence's UID where that is new), in
    /// the same step.
    public func check(listed: [TodoItem], next: [TodoItem], occurrences: [UUID: (series: TodoItem, done: TodoItem)] = [:],
                      carried: [(before: TodoItem, after: TodoItem)] = [],
                      at now: Date, journaled journal: JournalContext? = nil) throws -> (checked: [TodoItem], added: [TodoItem]) {
        try changeItems(journaled: journal) { records in
            try records.holdAll(listed)
            var checked: [TodoItem] = []
            var moved: [TodoItem] = []
            checked.reserveCapacity(listed.count)
            for item in listed {
                let stored = try records.current(id: item.id, expecting: item)
                guard let occurrence = occurrences[item.id] else {
                    checked.append(try records.setDone(true, stored: stored, at: now))
                    continue
                }
                moved.append(try records.edit(occurrence.series, stored: stored, at: now))
                var done = occurrence.done
                done.modified = TodoItem.wholeSeconds(now)
                guard case let .added(added) = try records.receive(done) else {
                    throw DomainError.alreadyDone(item.title)
                }
                checked.append(added)
            }
            let added = try records.importItems(next).added
            for (before, after) in carried {
                var current = try records.current(id: before.id, expecting: before)
                var moved = current
                moved.parent = after.parent
                if !current.isDone { moved.state = after.state }
                moved.progress = after.progress
                if moved != current { current = try records.edit(moved, stored: current, at: now) }
                if current.isDone, !after.isDone { _ = try records.setDone(false, stored: current, at: now) }
            }
            return (checked, moved + added)
        }
    }

    /// Several listed items deleted in one durable step, all or none (see setDone(_:listed:)).
    /// A series goes with the finished occurrences recorded apart from it (Occurrence), which
    /// follow the listed ones in what is returned: they were records of its resource, which
    /// a sync now deletes.
    public func delete(listed: [TodoItem], journaled journal: JournalContext? = nil) throws -> [TodoItem] {
        try changeItems(journaled: journal) { records in
            try records.holdAll(listed)
            // The stored items equal the listed ones (just held), so the listed ones are what
            // was deleted: no second copy of every item is read to say so.
            var occurrences: [TodoItem] = []
            for item in listed {
                try records.removeItem(id: item.id)
                // Only a series that keeps another client's VTODOs can have any: no look-up for the rest.
                guard !item.isOccurrence, item.icalendar?.contains("RECURRENCE-ID") == true else { continue }
                for occurrence in try records.occurrences(of: item.uid) where !listed.contains(where: { $0.id == occurrence.id }) {
                    try records.removeItem(id: occurrence.id)
                    occurrences.append(occurrence)
                }
            }
            return listed + occurrences
        }
    }

    /// Several listed items edited in one durable step, all or none (see setDone(_:listed:)).
    public func edit(_ changes: [(edited: TodoItem, listed: TodoItem)], at now: Date,
                     journaled journal: JournalContext? = nil) throws -> [TodoItem] {
        try changeItems(journaled: journal) { records in
            try records.holdAll(changes.map(\.listed))
            var edited: [TodoItem] = []
            for change in changes {
                edited.append(try records.edit(change.edited, stored: records.current(id: change.listed.id,
                                                                                      expecting: change.listed), at: now))
            }
            return edited
        }
    }

    /// Removes the items with these ids, if present (undo of create and import).
    public func delete(ids: [UUID], journaled journal: JournalContext? = nil) throws {
        try changeItems(journaled: journal) { records in
            for id in ids { try records.removeItem(id: id) }
        }
    }

    /// Items from another calendar, matched by UID (ItemRecords.receive), in one durable step.
    public func receive(_ items: [TodoItem], journaled journal: JournalContext? = nil) throws -> [CalendarReceipt] {
        try changeItems(journaled: journal) { records in try items.map { try records.receive($0) } }
    }

    /// `receive`, counted rather than kept: what an import reports (`movedAt`: see receive).
    public func receiveTally(_ items: [TodoItem], movedAt now: Date? = nil,
                             journaled journal: JournalContext? = nil) throws -> ReceiptTally {
        try changeItems(journaled: journal) { records in
            var tally = ReceiptTally()
            for item in items { tally.count(try records.receive(item, movedAt: now), of: item) }
            return tally
        }
    }

    /// `receiveTally` for items `produce` hands over one at a time (an .ics read by the
    /// iCalendar helper as it reads it), in one durable step, as `importEach`.
    public func receiveEach(movedAt now: Date? = nil, journaled journal: JournalContext? = nil,
                            _ produce: ((TodoItem) throws -> Void) throws -> Void) throws -> ReceiptTally {
        // Read first on the property-list backend, for the reason importEach gives.
        if self is PlistItemStore {
            var items: [TodoItem] = []
            try produce { items.append($0) }
            return try receiveTally(items, movedAt: now, journaled: journal)
        }
        return try changeItems(journaled: journal) { records in
            var tally = ReceiptTally()
            try produce { item in tally.count(try records.receive(item, movedAt: now), of: item) }
            return tally
        }
    }

    /// Adds items in one durable step, skipping duplicates; all or nothing.
    public func importItems(_ items: [TodoItem], journaled journal: JournalContext? = nil) throws -> ImportOutcome {
        try changeItems(journaled: journal) { try $0.importItems(items) }
    }

    /// `importItems` for items `produce` hands over one at a time (ItemImporter.each), in one
    /// durable step: none of them is kept in memory here, and a failure part way imports none.
    public func importEach(journaled journal: JournalContext? = nil,
                           _ produce: ((TodoItem) throws -> Void) throws -> Void) throws -> (added: Int, skipped: Int) {
        // The property-list backend holds every item in memory anyway, and inside a batch it
        // changes them in place, trusting each change to check before it writes: read first.
        if self is PlistItemStore {
            var items: [TodoItem] = []
            try produce { items.append($0) }
            let outcome = try importItems(items, journaled: journal)
            return (outcome.added.count, outcome.skipped)
        }
        return try changeItems(journaled: journal) { records in
            var added = 0, skipped = 0
            try produce { item in
                if try records.importOne(item) != nil { added += 1 } else { skipped += 1 }
            }
            return (added, skipped)
        }
    }
}
