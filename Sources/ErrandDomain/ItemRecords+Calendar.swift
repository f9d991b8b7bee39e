import FoundationEssentials

/// Items arriving from another calendar (an .ics import; sync builds on the same rule): they
/// are matched by UID, not by id. A new UID is added as `add` would (the equal-item rule
/// applies); a known one replaces the stored item's fields, state and kept VTODO when it was
/// modified later than the stored one, and is left alone otherwise.
extension ItemRecords {
    /// `movedAt`: the item goes to the incoming list (nil: the main one) even when it is up to
    /// date (`import --list`), moved at that time.
    public mutating func receive(_ incoming: TodoItem, movedAt now: Date? = nil) throws -> CalendarReceipt {
        let item = try incoming.validated()
        guard let stored = try self.item(uid: item.uid) else {
            // The equal-item rule guards To do: a done item equal to an open one is history, not a twin.
            if try !item.isDone && hasOpenItem(withEntry: EntryKey(item)) || self.item(id: item.id) != nil { return .refused }
            var fresh = item
            fresh.sequence = try nextSequence()
            try insert(fresh)
            return .added(fresh)
        }
        guard item.modified > stored.modified else {
            let sameList = switch (stored.list, item.list) {
            case (nil, nil): true
            case let (have?, want?): ListNames.same(have, want)
            default: false
            }
            guard let now, !sameList else { return .unchanged }
            var moved = stored
            moved.list = item.list
            moved.modified = max(now, stored.modified)
            try update(moved)
            return .updated(before: stored, after: moved)
        }
        var next = item
        next.id = stored.id
        // A file or server without lists (an .ics, an older backup) does not move the item.
        if next.list == nil, now == nil { next.list = stored.list }
        // Its place in its section stays unless it moves to the other one.
        next.sequence = stored.isDone == item.isDone ? stored.sequence : try nextSequence()
        let reopened = !next.isDone && (stored.isDone || EntryKey(next) != EntryKey(stored))
        if reopened, try hasOpenItem(withEntry: EntryKey(next)) { return .refused }
        try update(next)
        return .updated(before: stored, after: next)
    }
}
