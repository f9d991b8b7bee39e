import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// `keep here|there|both` of a kept conflict (KeptConflict), as one journaled change: the item
/// takes the chosen side's values of the fields both sides changed (its state by the to-do
/// rules: reopened only where no equal item is open), `both` adds the server's version as a
/// new item named "(from the server)", a delete chosen deletes the item; the conflict is
/// marked decided in the same transaction. Each change reaches the server at the next sync as
/// any change does; `undo` reverts the item, and a decided conflict may be decided again.
public enum ConflictDecision {
    public struct Result: Sendable {
        public var changed: TodoItem?
        public var added: TodoItem?
        public var deleted: TodoItem?
        public var conflict: KeptConflict
    }

    public static let fromServer = " (from the server)"

    public static func decide<S: ItemStore>(_ conflict: KeptConflict, _ decision: KeptConflict.Decision, in store: S,
                                            at now: Date, newID: @escaping () -> UUID,
                                            journaled journal: JournalContext?) throws -> Result {
        try store.changeItems(journaled: journal) { records in
            var result = Result(conflict: conflict)
            let current = try records.item(id: conflict.itemID)
            switch (conflict.kind, decision) {
            case (.deletedThere, .there), (.deletedHere, .here):
                // The delete wins after all: the item goes (and, known to the server, goes there too).
                if let current { result.deleted = try records.remove(id: current.id) }
            case (.deletedThere, _), (.deletedHere, _):
                break
            case (.edited, _):
                guard let current else {
                    throw DomainError.notFound("\"\(conflict.title)\": deleted since the conflict (undo brings it back)")
                }
                let side = decision == .there ? conflict.there : conflict.here
                if let side { result.changed = try take(conflict.fields, from: side, into: current, &records, at: now) }
                if decision == .both, let there = conflict.there {
                    result.added = try records.add(copy(of: there, beside: result.changed ?? current, newID: newID(), at: now))
                }
            }
            var decided = conflict
            decided.decided = decision
            decided.seen = true
            try records.updateConflict(decided)
            result.conflict = decided
            return result
        }
    }

    /// `current` with `fields` as `side` has them; its state set by the rules. nil: no change.
    static func take(_ fields: [String], from side: TodoItem, into current: TodoItem, _ records: inout some SyncRecords,
                     at now: Date) throws -> TodoItem? {
        var taken = current
        for field in SyncMerge.fields where fields.contains(field.name) && field.name != "done" { field.copy(&taken, side) }
        var result = current
        if !SyncMerge.same(taken, current) {
            result = try records.edit(taken, stored: current, at: now)
        }
        if fields.contains("done") || fields.contains(ItemField.status.name), result.state != side.state {
            result = try records.setState(side.state, stored: result, at: now)
        }
        return result == current ? nil : result
    }

    /// The server's version as an item of its own: a new id and UID, no kept VTODO (a new
    /// resource, not the server's), in the same list, to do.
    static func copy(of there: TodoItem, beside current: TodoItem, newID: UUID, at now: Date) -> TodoItem {
        var copy = there
        copy.id = newID
        copy.uid = newID.uuidString
        copy.icalendar = nil
        copy.title = String((there.title + fromServer).prefix(TodoItem.maxTitle))
        copy.list = current.list
        copy.state = .toDo
        copy.created = TodoItem.wholeSeconds(now)
        copy.modified = TodoItem.wholeSeconds(now)
        return copy
    }
}
