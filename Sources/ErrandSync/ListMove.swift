import ErrandDAVWire
import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// Items moved here from one synced list to another of the same server go there by WebDAV
/// `MOVE` (RFC 4918 §9.9, `Overwrite: F`), before the lists sync: the server keeps one
/// resource all along. A put into the new list then a delete from the old (what a move does
/// otherwise, and still does across servers or where MOVE is refused) cannot work where a UID
/// may live in one calendar of an account only: Cyrus answers that PUT 403
/// `unique-scheduling-object-resource`, and every later sync failed the same way.
///
/// The move is recorded after the server answered it, in one transaction: the old list's
/// entry goes, the new list's takes its href, ETag, base and pending change. Killed between
/// the two, the next sync converges all the same: MOVE of the old href is answered 404 and
/// left to the lists, the old list sees its member gone (the item is the new list's: only the
/// entry goes), and the new list meets a member whose UID is its item's and claims it.
struct ListMove {
    let transport: DAVTransport

    /// One synced collection: the main list (`list` nil) or a joined one.
    struct Collection {
        let list: SyncList?
        let path: CalDAVPath
    }

    /// Moves what moved; returns how many the server took. Anything refused (405 where MOVE
    /// is not offered, 412 where the name is taken, another server) is left to the lists'
    /// sync, which puts and deletes as before.
    func run<S: ItemStore>(_ store: S, _ collections: [Collection]) throws -> Int {
        var moves: [(from: Collection, to: Collection, entry: SyncEntry, name: String)] = []
        try store.readRecords { records in
            for from in collections {
                let scoped = ScopedRecords(base: records, list: from.list)
                for entry in try scoped.syncedEntries() + scoped.pendingSyncEntries() where !entry.deleted {
                    guard let href = entry.href, let item = try records.item(id: entry.itemID), !scoped.holds(item),
                          let to = collections.first(where: { ScopedRecords(base: records, list: $0.list).holds(item) }),
                          to.path.origin == from.path.origin, to.path != from.path,
                          try ScopedRecords(base: records, list: to.list).syncEntry(itemID: item.id)?.href == nil,
                          let name = href.split(separator: "/").last.map(String.init) else { continue }
                    moves.append((from, to, entry, name))
                }
            }
        }
        guard !moves.isEmpty else { return 0 }
        let requests = moves.map { move in
            DAVRequest.move(move.from.path.origin + (move.entry.href ?? ""), to: move.to.path.url + move.name)
        }
        let replies = try transport.perform(requests)
        var moved = 0
        try store.changeItems { records in
            for (move, reply) in zip(moves, replies) {
                // RFC 4918 says 201 or 204; DAViCal 1.1.12 answers a done MOVE with 200.
                guard case let .response(response) = reply, (200...299).contains(response.status) else { continue }
                var from = ScopedRecords(base: records, list: move.from.list)
                try from.removeSyncEntry(itemID: move.entry.itemID)
                var to = ScopedRecords(base: from.base, list: move.to.list)
                try to.putSyncEntry(SyncEntry(itemID: move.entry.itemID, href: move.to.path.path + move.name,
                                              etag: response.headers["etag"], base: move.entry.base, pending: move.entry.pending))
                records = to.base
                moved += 1
            }
        }
        return moved
    }
}
