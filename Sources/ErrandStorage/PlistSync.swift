import ErrandDomain
import FoundationEssentials

/// The sync state inside a property-list store (SyncLedger); absent while no remote is set
/// and in files written before sync existed. The lists syncing with collections of their own
/// are each one of these in `lists`, with their `name`; the main list's `url` is absent when
/// only they are left (a remote forgotten while the engine starts it over).
struct PlistSync: Codable {
    struct Entry: Codable {
        var item: String
        var href: String?
        var etag: String?
        var base: String?
        var pending: Bool
        var deleted: Bool
    }

    var url: String?
    /// A joined list's name (SyncList); for the main list, its display name (SyncRemote.name).
    var name: String?
    var lists: [PlistSync]?
    var token: String?
    var ctag: String?
    var lastSync: Date?
    var lastResult: String?
    var lastFailureAt: Date?
    var lastFailure: String?
    var entries: [Entry]

    init?(_ ledger: SyncLedger, name: String? = nil) {
        let lists = ledger.joined.keys.sorted().compactMap { key in
            ledger.joined[key].flatMap { PlistSync($0.ledger, name: $0.name) }
        }
        guard ledger.remote != nil || !lists.isEmpty else { return nil }
        let remote = ledger.remote
        self.name = name ?? remote?.name
        self.lists = lists.isEmpty ? nil : lists
        url = remote?.url
        token = remote?.token
        ctag = remote?.ctag
        lastSync = remote?.lastSync
        lastResult = remote?.lastResult
        lastFailureAt = remote?.lastFailureAt
        lastFailure = remote?.lastFailure
        entries = ledger.entries.values.sorted { $0.itemID.uuidString < $1.itemID.uuidString }.map {
            Entry(item: UUIDText.of($0.itemID), href: $0.href, etag: $0.etag, base: $0.base, pending: $0.pending,
                  deleted: $0.deleted)
        }
    }

    /// nil when an entry names no item id, or a joined list no name or URL (a hand-edited file).
    var ledger: SyncLedger? {
        var list: [SyncEntry] = []
        for entry in entries {
            guard let id = UUID(uuidString: entry.item) else { return nil }
            list.append(SyncEntry(itemID: id, href: entry.href, etag: entry.etag, base: entry.base, pending: entry.pending,
                                  deleted: entry.deleted))
        }
        let remote = url.map {
            SyncRemote(url: $0, token: token, ctag: ctag, lastSync: lastSync, lastResult: lastResult,
                       lastFailureAt: lastFailureAt, lastFailure: lastFailure, name: name)
        }
        var ledger = SyncLedger(remote: remote, entries: list)
        for joined in lists ?? [] {
            guard let name = joined.name, joined.url != nil, var book = joined.ledger else { return nil }
            book.remote?.name = nil
            ledger.joined[ItemField.key(name)] = JoinedLedger(name: name, ledger: book)
        }
        return ledger
    }
}
