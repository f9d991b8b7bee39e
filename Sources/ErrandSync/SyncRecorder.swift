import ErrandDAVWire
import ErrandDomain
import FoundationEssentials

/// Records what the server said to one write, inside the push's transaction.
enum SyncRecorder {
    /// nil when recorded; the error when the server refused in a way sync cannot fix.
    /// `elsewhere`: new members refused because the account keeps their UID in another of its
    /// calendars (Cyrus), with where the server says it is (ours, theirs).
    static func record(_ plan: PlannedWrite, _ reply: DAVResponse, _ records: inout some SyncRecords,
                       _ outcome: inout SyncOutcome, _ stale: inout [String],
                       elsewhere: inout [(ours: String, there: String)]) throws -> SyncError? {
        let href = plan.write.href
        // Where the account keeps this UID already, when the server names a place on itself.
        let heldAt = reply.status == 403
            ? DAVPrecondition.uniqueSchedulingObject.href(in: reply.body).flatMap { CalDAVPath.isPath($0) ? $0 : nil } : nil
        switch (plan.write, reply.status) {
        case (.put(_, let text, _), 200...299):
            var entry = plan.entry
            entry.href = href
            entry.etag = reply.etag
            entry.base = text
            entry.deleted = false
            // Changed again while the request was out: keep it pending, with the new base.
            let current = try records.item(id: plan.entry.itemID)
            entry.pending = current != plan.item
            if current == nil {
                entry.pending = true
                entry.deleted = true
            }
            try records.putSyncEntry(entry)
            outcome.sent += 1
        case (.delete, 200...299), (.delete, 404):
            try records.removeSyncEntry(itemID: plan.entry.itemID)
            if reply.status != 404 { outcome.sent += 1 }
        case (.put(_, _, nil), let code) where [400, 403, 409].contains(code) && plan.entry.href == nil
            && SyncRecorder.refusesUID(reply.body):
            // Nextcloud keeps deleted objects in a trash bin and refuses their UID again (400
            // "Deleted calendar object with uid already exists"): `undo` of a delete met that.
            // The item is sent again under a UID of its own, in the next round.
            guard var item = try records.item(id: plan.entry.itemID) else { return nil }
            item.uid = UUID().uuidString
            try records.update(item)
            outcome.newUIDs.append(item.title)
        case (.put(_, _, nil), 403) where heldAt != nil:
            // The item was moved here while its member stayed in the other list (a move cut
            // off between the server's MOVE and its record): the engine moves that member here.
            elsewhere.append((href, heldAt ?? ""))
        case (_, 412):
            stale.append(href)
        case (.put(_, _, _?), 404):
            // Gone there while edited here: like a 412, fetched; the engine sends again what
            // the fetch cannot find (the edit wins).
            stale.append(href)
        default:
            let method = { if case .put = plan.write { return "PUT" } else { return "DELETE" } }()
            return .status(url: href, method: method, code: reply.status, location: reply.headers["location"],
                           condition: DAVPrecondition.named(in: reply.body))
        }
        return nil
    }

    /// A refusal that names the UID (the only reason a new UID could help).
    /// The refusal says the UID is taken: RFC 4791's `no-uid-conflict` precondition, or a
    /// message naming the UID as existing (Nextcloud's trash bin). Any other refusal that
    /// happens to mention a UID (a read-only calendar) is not a reason to change one.
    static func refusesUID(_ body: [UInt8]) -> Bool {
        let text = String(decoding: body.prefix(4096), as: UTF8.self).lowercased()
        return text.contains("no-uid-conflict") || (text.contains("uid") && text.contains("exists"))
    }
}
