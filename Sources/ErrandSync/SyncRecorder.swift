import ErrandDAVWire
import ErrandDomain
import FoundationEssentials

/// Records what the server said to one write, inside the push's transaction.
enum SyncRecorder {
    /// nil when recorded; the error when the server refused in a way sync cannot fix.
    static func record(_ plan: PlannedWrite, _ reply: DAVResponse, _ records: inout some SyncRecords,
                       _ outcome: inout SyncOutcome, _ stale: inout [String]) throws -> SyncError? {
        let href = plan.write.href
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
        case (_, 412):
            stale.append(href)
        case (.put(_, _, _?), 404):
            // Gone there while edited here: like a 412, fetched; the engine sends again what
            // the fetch cannot find (the edit wins).
            stale.append(href)
        default:
            let method = { if case .put = plan.write { return "PUT" } else { return "DELETE" } }()
            return .status(url: href, method: method, code: reply.status, location: reply.headers["location"])
        }
        return nil
    }
}
