import ErrandDomain
import FoundationEssentials

/// The conflicts syncs kept (KeptConflict), for `conflicts` and the lists' marks.
extension ItemStore {
    /// Newest first.
    public func keptConflicts() throws -> [KeptConflict] { try readRecords { try $0.keptConflicts() } }

    /// The items whose conflict `conflicts` has not shown yet.
    public func unseenConflictItemIDs() throws -> Set<UUID> { try readRecords { try $0.unseenConflictItemIDs() } }

    /// Marks conflicts shown: their items' rows lose the mark. Not journaled (nothing to undo).
    public func markConflictsSeen(_ conflicts: [KeptConflict]) throws {
        let unseen = conflicts.filter { !$0.seen }
        guard !unseen.isEmpty else { return }
        try changeItems { records in
            for var conflict in unseen {
                conflict.seen = true
                try records.updateConflict(conflict)
            }
        }
    }
}
