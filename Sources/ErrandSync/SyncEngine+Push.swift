import ErrandDAVWire
import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// The push half of a sync: pending work planned, guarded, sent and recorded in chunks.
extension SyncEngine {

    /// Sends pending work in chunks, recording each chunk's results in one transaction;
    /// returns the hrefs the server refused with 412 (changed there meanwhile).
    func push<S: ItemStore>(_ work: [SyncEntry], _ store: S, _ outcome: inout SyncOutcome,
                            compare: Set<String> = []) throws -> [String] {
        var stale: [String] = []
        var start = 0
        while start < work.count {
            let part = Array(work[start..<min(work.count, start + chunk)])
            start += chunk
            var inSeries: [SyncEntry] = []
            let planned = try guarded(try read(store) { records in try plan(part, records, inSeries: &inSeries) },
                                      compare: compare)
            let sent = planned.compactMap(\.write)
            var answers = try client.write(sent).makeIterator()
            let replies = planned.map { $0.write == nil ? DAVResponse(status: 412) : answers.next() ?? DAVResponse(status: 0) }
            var failure: SyncError?
            var local = outcome
            var elsewhere: [(ours: String, there: String)] = []
            try change(store) { records in
                for (plan, reply) in zip(planned.map(\.plan), replies) {
                    if let refused = try SyncRecorder.record(plan, reply, &records, &local, &stale, elsewhere: &elsewhere) {
                        failure = failure ?? refused
                    }
                }
                for entry in part where entry.deleted && entry.href == nil { try records.removeSyncEntry(itemID: entry.itemID) }
                // Nothing of its own to send: known, so it is not met again as unsynced.
                for entry in inSeries { try records.putSyncEntry(SyncEntry(itemID: entry.itemID, pending: false)) }
            }
            outcome = local
            if let failure { throw failure }
            stale += try moveHere(elsewhere)
        }
        return stale
    }

    /// Members the account keeps in another of its calendars, for items that belong here:
    /// moved here (MOVE, Overwrite: F), then fetched and merged like any member changed
    /// meanwhile, and sent again. One the server will not move is its precondition's line.
    func moveHere(_ elsewhere: [(ours: String, there: String)]) throws -> [String] {
        guard !elsewhere.isEmpty else { return [] }
        let requests = elsewhere.map { DAVRequest.move(client.collection.url(of: $0.there), to: client.collection.url(of: $0.ours)) }
        for (one, reply) in zip(elsewhere, try client.perform(requests)) {
            let response = try CalDAVClient.checked(reply)
            guard (200...299).contains(response.status) else {
                throw SyncError.status(url: one.ours, method: "PUT", code: 403, location: nil, condition: .uniqueSchedulingObject)
            }
        }
        return elsewhere.map(\.ours)
    }

    /// The writes whose guard the server's ETag cannot give: a weak one (`W/"..."`, which some
    /// servers answer with 412 forever in If-Match), none at all for a member it holds, or one
    /// a 412 already met (`compare`). Each member is fetched and compared: unchanged since we
    /// last saw it, the write goes with `If-Match: *`; gone, a PUT creates it again; changed,
    /// it is not sent (nil) and merges like a 412. Between the fetch and the write another
    /// client could still write: the window an ETag would have closed.
    func guarded(_ planned: [PlannedWrite], compare: Set<String>) throws -> [(plan: PlannedWrite, write: RemoteWrite?)] {
        let doubtful = planned.filter { plan in
            guard plan.entry.href != nil else { return false }
            switch plan.write {
            case let .put(href, _, etag): return etag?.hasPrefix("W/") ?? true || compare.contains(href)
            case let .delete(href, etag): return etag?.hasPrefix("W/") == true || compare.contains(href)
            }
        }
        if doubtful.isEmpty { return planned.map { ($0, $0.write) } }
        var current: [String: RemoteItem] = [:]
        for item in try client.fetch(doubtful.map(\.write.href)) { current[item.href] = item }
        let checked = Set(doubtful.map(\.write.href))
        return planned.map { plan in
            let href = plan.write.href
            guard checked.contains(href) else { return (plan, plan.write) }
            guard let there = current[href] else {
                switch plan.write {
                case let .put(_, text, _): return (plan, .put(href: href, text: text, etag: nil))
                case .delete: return (plan, .delete(href: href, etag: nil))
                }
            }
            // The same ETag again: a strong one still guards the write; a weak one only says
            // the member is unchanged. Else the text must be the one we last had.
            let guardTag: String?
            if let etag = plan.entry.etag, etag == there.etag {
                guardTag = etag.hasPrefix("W/") ? "*" : etag
            } else {
                guardTag = plan.entry.base == there.text ? "*" : nil
            }
            guard let guardTag else { return (plan, nil) }
            switch plan.write {
            case let .put(_, text, _): return (plan, .put(href: href, text: text, etag: guardTag))
            case .delete: return (plan, .delete(href: href, etag: guardTag))
            }
        }
    }

    /// The writes for `part`: DELETEs for removals, PUTs (texts made in one codec batch).
    /// `inSeries`: the finished occurrences (Occurrence), which travel inside their series's
    /// resource and are never sent on their own.
    func plan(_ part: [SyncEntry], _ records: some SyncRecords, inSeries: inout [SyncEntry]) throws -> [PlannedWrite] {
        var deletes: [PlannedWrite] = []
        var puts: [(SyncEntry, TodoItem)] = []
        for entry in part {
            if entry.deleted {
                if let href = entry.href {
                    deletes.append(PlannedWrite(entry: entry, item: nil, write: .delete(href: href, etag: entry.etag)))
                }
            } else if let item = try records.item(id: entry.itemID) {
                if item.isOccurrence { inSeries.append(entry) } else { puts.append((entry, item)) }
            }
        }
        let texts: [String]
        do {
            texts = puts.isEmpty ? [] : try codec.texts(for: puts.map(\.1))
        } catch {
            throw SyncError.item(url: client.collection.display, reason: "\(error)")
        }
        guard texts.count == puts.count else { throw SyncError.helper("the iCalendar helper lost items") }
        return deletes + zip(puts, texts).map { pair, text in
            let (entry, item) = pair
            let href = entry.href ?? client.collection.href(forUID: item.uid)
            return PlannedWrite(entry: entry, item: item, write: .put(href: href, text: text, etag: entry.etag))
        }
    }
}
