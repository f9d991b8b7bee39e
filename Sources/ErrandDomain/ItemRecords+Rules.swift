import FoundationEssentials

/// The to-do rules, once for every backend: the book's ItemManager (equal items refused,
/// checking and unchecking move an item to the end of the other section) over any records.
/// Each rule checks everything before it writes anything, so a refused change leaves the
/// records as they were (the property-list backend's batches rely on it).
extension ItemRecords {
    /// Adds a new open item at the end of To do; refuses one equal to an item already open.
    @discardableResult
    public mutating func add(_ item: TodoItem) throws -> TodoItem {
        let fresh = try item.validated()
        try fresh.checkStartNotAfterDue()
        if let refusal = try refusal(toAdd: fresh) { throw refusal }
        return try insertOpen(fresh)
    }

    /// Moves an item to the end of the other section; `now` becomes its modified time.
    @discardableResult
    public mutating func setDone(_ done: Bool, id: UUID, at now: Date) throws -> TodoItem {
        try setDone(done, stored: existing(id: id), at: now)
    }

    @discardableResult
    public mutating func remove(id: UUID) throws -> TodoItem {
        let removed = try existing(id: id)
        try removeItem(id: id)
        return removed
    }

    /// Adds items brought from another app, all checked first: one invalid item refuses them
    /// all. Items whose id is taken, or equal to an open item (including one earlier in the
    /// same import), are skipped and counted.
    public mutating func importItems(_ incoming: [TodoItem]) throws -> ImportOutcome {
        let valid = try incoming.map { try $0.validated() }
        try valid.forEach { try $0.checkStartNotAfterDue() }
        var added: [TodoItem] = []
        var skipped = 0
        for item in valid {
            if let fresh = try importOne(item) { added.append(fresh) } else { skipped += 1 }
        }
        return ImportOutcome(added: added, skipped: skipped)
    }

    /// One item of an import: added at the end of To do, or nil (skipped) when its id is
    /// taken or it equals an open item. A caller streaming a file runs every one in one
    /// transaction, so an invalid item later on still refuses them all.
    public mutating func importOne(_ incoming: TodoItem) throws -> TodoItem? {
        let item = try incoming.validated()
        try item.checkStartNotAfterDue()
        guard try refusal(toAdd: item) == nil else { return nil }
        return try insertOpen(item)
    }

    /// The stored item with this id, or the error naming the id.
    package func existing(id: UUID) throws -> TodoItem {
        guard let item = try item(id: id) else { throw DomainError.notFound(id.uuidString) }
        return item
    }

    /// `setDone` for an item just read under the same lock: the storage layer reads it once
    /// to hold it against a listing (ItemRecords+Expecting) and hands it on.
    package mutating func setDone(_ done: Bool, stored item: TodoItem, at now: Date) throws -> TodoItem {
        if done, item.state == .cancelled { throw DomainError.cancelledNotChecked(item.title) }
        if item.isDone == done { throw done ? DomainError.alreadyDone(item.title) : DomainError.notDone(item.title) }
        return try setState(done ? .done : .toDo, stored: item, at: now)
    }

    /// `start`, `stop`, `cancel`, `check` and `uncheck` alike: an item going from To do to
    /// Done or back moves to the end of the other section (reopened, the equal-item rule
    /// applies); one staying in its section (started, cancelled after done) keeps its place.
    /// Checked with a progress, it is at 100%; reopened, a 100% goes (Thunderbird's rules).
    package mutating func setState(_ state: ItemState, stored item: TodoItem, at now: Date) throws -> TodoItem {
        let from = item.state
        guard from != state else { throw DomainError.alreadyIn(item.title, state) }
        var changed = item
        if from.isClosed != state.isClosed {
            // Reopening is adding back to To do: the equal-item rule applies as it does to a new item.
            if !state.isClosed, try hasOpenItem(withEntry: EntryKey(item)) {
                throw DomainError.duplicate(title: item.title, due: item.due)
            }
            changed = try movedToEnd(item, done: state.isClosed)
        }
        changed.state = state
        if state == .done, changed.progress != nil { changed.progress = 100 }
        if from.isClosed, !state.isClosed, changed.progress == 100 { changed.progress = nil }
        changed.modified = TodoItem.wholeSeconds(now)
        try update(changed)
        return changed
    }

    /// Changes an item in place: its id, UID, created time, state and place in its section
    /// stay, as they are the stored item's; `now` becomes its modified time. An open item may
    /// not become equal to another open item.
    package mutating func edit(_ changed: TodoItem, stored: TodoItem, at now: Date) throws -> TodoItem {
        var edited = changed
        edited.id = stored.id
        edited.uid = stored.uid
        edited.created = stored.created
        edited.modified = TodoItem.wholeSeconds(now)
        edited.isDone = stored.isDone
        edited.sequence = stored.sequence
        edited = try edited.validated()
        try edited.checkStartNotAfterDue()
        if !edited.isDone, EntryKey(edited) != EntryKey(stored), try hasOpenItem(withEntry: EntryKey(edited)) {
            throw DomainError.duplicate(title: edited.title, due: edited.due)
        }
        try update(edited)
        return edited
    }

    /// Why a new item may not be added, if it may not: an equal item is open, or its id or UID
    /// is taken (the user sees each as "already on the list").
    private func refusal(toAdd item: TodoItem) throws -> DomainError? {
        guard try hasOpenItem(withEntry: EntryKey(item)) || self.item(id: item.id) != nil
            || self.item(uid: item.uid) != nil else { return nil }
        return .duplicate(title: item.title, due: item.due)
    }

    private mutating func insertOpen(_ item: TodoItem) throws -> TodoItem {
        let fresh = try movedToEnd(item, done: false)
        try insert(fresh)
        return fresh
    }

    /// The item at the end of the section it goes to: every change takes a new sequence.
    private mutating func movedToEnd(_ item: TodoItem, done: Bool) throws -> TodoItem {
        var moved = item
        moved.isDone = done
        moved.sequence = try nextSequence()
        return moved
    }
}
