import ErrandDomain
import FoundationEssentials

/// The sync state inside a property-list store (SyncLedger); absent while no remote is set
/// and in files written before sync existed.
struct PlistSync: Codable {
    struct Entry: Codable {
        var item: String
        var href: String?
        var etag: String?
        var base: String?
        var pending: Bool
        var deleted: Bool
    }

    var url: String
    var token: String?
    var ctag: String?
    var lastSync: Date?
    var lastResult: String?
    var lastFailureAt: Date?
    var lastFailure: String?
    var entries: [Entry]

    init?(_ ledger: SyncLedger) {
        guard let remote = ledger.remote else { return nil }
        url = remote.url
        token = remote.token
        ctag = remote.ctag
        lastSync = remote.lastSync
        lastResult = remote.lastResult
        lastFailureAt = remote.lastFailureAt
        lastFailure = remote.lastFailure
        entries = ledger.entries.values.sorted { $0.itemID.uuidString < $1.itemID.uuidString }.map {
            Entry(item: UUIDText.of($0.itemID), href: $0.href, etag: $0.etag, base: $0.base, pending: $0.pending,
                  deleted: $0.deleted)
        }
    }

    /// nil when an entry names no item id (a hand-edited file).
    var ledger: SyncLedger? {
        var list: [SyncEntry] = []
        for entry in entries {
            guard let id = UUID(uuidString: entry.item) else { return nil }
            list.append(SyncEntry(itemID: id, href: entry.href, etag: entry.etag, base: entry.base, pending: entry.pending,
                                  deleted: entry.deleted))
        }
        let remote = SyncRemote(url: url, token: token, ctag: ctag, lastSync: lastSync, lastResult: lastResult,
                                lastFailureAt: lastFailureAt, lastFailure: lastFailure)
        return SyncLedger(remote: remote, entries: list)
    }
}
