import ErrandDomain
import FoundationEssentials

/// Applies what the server holds to the local records, inside one of the engine's
/// transactions, with the item and its entry written together.
struct SyncApplier {
    /// Decoded versions of the `base` texts of entries that may merge, by text.
    let bases: [String: TodoItem]
    /// The server's history is broken (a token it does not know, a member it lost): a member
    /// that differs from what we last sent may be older than it (a restored backup) or newer
    /// (another client), so it is merged without a base, the later LAST-MODIFIED winning.
    let doubtful: Bool
    /// The finished occurrences each member's series records (Occurrence), by its UID: done
    /// items matched by their own UIDs, added or brought up to date beside their series.
    var occurrences: [String: [TodoItem]] = [:]
    /// The list of the collection applied (SyncList's name), nil for the main list.
    var list: String?
    /// When the sync ran: each conflict kept is dated so.
    var at = Date()

    /// One member as fetched: added here, taken over, or merged with a pending local change.
    func apply(_ remote: RemoteItem, _ parsed: TodoItem, _ records: inout some SyncRecords,
               _ outcome: inout SyncOutcome) throws {
        try applySeries(remote, parsed, &records, &outcome)
        for occurrence in occurrences[parsed.uid] ?? [] {
            do {
                _ = try records.receive(occurrence)
            } catch {
                throw SyncError.item(url: remote.href, reason: "\(error)")
            }
        }
    }

    private func applySeries(_ remote: RemoteItem, _ parsed: TodoItem, _ records: inout some SyncRecords,
                             _ outcome: inout SyncOutcome) throws {
        var entry = try records.syncEntry(href: remote.href)
        var local = try entry.flatMap { try records.item(id: $0.itemID) }
        var claimed = false
        if entry == nil, let same = try records.item(uid: parsed.uid) {
            // Known here by its UID (made on both sides, or a crash before its href was kept;
            // or another client moved it here from another synced list: it joins this list,
            // and the copy left there is deleted rather than the item).
            local = same
            entry = try records.syncEntry(itemID: same.id)
            claimed = entry?.href == nil
        }
        if let entry, entry.deleted, entry.pending, local == nil, !doubtful, SyncApplier.unchanged(entry, remote) {
            // Deleted here, still to be sent, and as we last had it there: a server whose
            // ETags say nothing (none, or new at every read) lists it as changed each time,
            // which must not bring it back.
            return
        }
        var next = SyncEntry(itemID: local?.id ?? entry?.itemID ?? parsed.id, href: remote.href, etag: remote.etag,
                             base: remote.text, pending: false)
        guard let local else {
            var fresh = parsed
            fresh.id = next.itemID
            fresh.sequence = try records.nextSequence()
            try records.insert(try SyncApplier.checked(fresh, remote))
            try records.putSyncEntry(next)
            outcome.received += 1
            SyncApplier.noteStart(fresh, &outcome)
            if let entry, entry.deleted, entry.pending {
                // Deleted here, changed there since: the change came back. Said, and kept.
                try keep(SyncConflict(title: fresh.title, fields: [], keptFromServer: true, kind: .deletedHere),
                         here: nil, there: fresh, &records, &outcome)
            }
            return
        }
        // The server's copy carries no list (the collection is the list): compared as the
        // item's own, so a list joined again or a copy merged is no conflict of lists.
        var incoming = parsed
        incoming.list = local.list
        var result = incoming
        if entry?.pending ?? true || doubtful {
            var base = doubtful ? nil : entry?.base.flatMap { bases[$0] }
            base?.list = local.list
            let (merged, conflict) = SyncMerge.merge(base: base, local: local, remote: incoming)
            result = merged
            if let conflict {
                outcome.replaced.append(local)
                var there = incoming
                there.id = local.id
                try keep(conflict, here: local, there: there, &records, &outcome)
            }
            next.pending = !SyncMerge.same(merged, incoming)
        }
        result.id = local.id
        result.uid = local.uid
        // A server never carries the list (the collection is the list): the item's stays.
        result.list = claimed ? list : local.list
        result.sequence = result.isDone == local.isDone ? local.sequence : try records.nextSequence()
        if result != local {
            try records.update(try SyncApplier.checked(result, remote))
            if !SyncMerge.same(result, local) {
                outcome.received += 1
                SyncApplier.noteStart(result, &outcome)
            }
        }
        try records.putSyncEntry(next)
    }

    /// A conflict resolved: said in the sync's line and kept with both versions (`conflicts`).
    func keep(_ conflict: SyncConflict, here: TodoItem?, there: TodoItem?, _ records: inout some SyncRecords,
              _ outcome: inout SyncOutcome) throws {
        outcome.conflicts.append(conflict)
        guard let id = here?.id ?? there?.id else { return }
        // The versions as Errand owns them: the kept VTODO text (up to 256 KB) stays the item's.
        var here = here, there = there
        here?.icalendar = nil
        there?.icalendar = nil
        try records.keepConflict(KeptConflict(at: at, list: list, itemID: id, title: conflict.title, kind: conflict.kind,
                                              fields: conflict.fields, keptFromServer: conflict.keptFromServer,
                                              here: here, there: there))
    }

    /// An item received starting after it is due: kept, and named in the sync's line.
    static func noteStart(_ item: TodoItem, _ outcome: inout SyncOutcome) {
        if (try? item.checkStartNotAfterDue()) == nil { outcome.startsAfterDue.append(item.title) }
    }

    /// A member gone from the server: gone here too, unless it was changed here since.
    func remove(_ href: String, _ records: inout some SyncRecords, _ outcome: inout SyncOutcome) throws {
        guard var entry = try records.syncEntry(href: href) else { return }
        if entry.pending && !entry.deleted {
            // The edit wins: sent again as a new member at the next push. Said, and kept.
            entry.href = nil
            entry.etag = nil
            entry.base = nil
            try records.putSyncEntry(entry)
            if let item = try records.item(id: entry.itemID) {
                try keep(SyncConflict(title: item.title, fields: [], keptFromServer: false, kind: .deletedThere),
                         here: item, there: nil, &records, &outcome)
            }
            return
        }
        if let item = try records.item(id: entry.itemID) {
            try records.removeItem(id: entry.itemID)
            outcome.deletedHere += 1
            // Its finished occurrences were records of the member (Occurrence): gone with it.
            for occurrence in try records.occurrences(of: item.uid) { try records.removeItem(id: occurrence.id) }
        }
        try records.removeSyncEntry(itemID: entry.itemID)
    }

    /// A member we believed on the server that it does not hold (lost there, not deleted by
    /// another client): sent again as new at the same href, its base kept for a merge should
    /// someone else make it first. A deletion still to send has nothing left to delete.
    func resend(_ href: String, _ records: inout some SyncRecords) throws {
        guard var entry = try records.syncEntry(href: href) else { return }
        let item = try records.item(id: entry.itemID)
        if entry.deleted || item == nil {
            try records.removeSyncEntry(itemID: entry.itemID)
            return
        }
        entry.etag = nil
        entry.pending = true
        try records.putSyncEntry(entry)
    }

    /// The member is the version the entry last saw: the same ETag, else the same text.
    static func unchanged(_ entry: SyncEntry, _ remote: RemoteItem) -> Bool {
        if let etag = entry.etag, etag == remote.etag { return true }
        return entry.base == remote.text
    }

    static func checked(_ item: TodoItem, _ remote: RemoteItem) throws -> TodoItem {
        do {
            return try item.validated()
        } catch {
            throw SyncError.item(url: remote.href, reason: "\(error)")
        }
    }
}
