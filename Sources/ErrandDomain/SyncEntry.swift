import FoundationEssentials

/// What the store knows about one item and its copy on the CalDAV server: where it is
/// (`href`), which version of it we last saw (`etag`), the VTODO text both sides last agreed
/// on (`base`, what a three-way merge compares against) and whether a local change, or a
/// local deletion, still has to be sent. Written in the same transaction as the item change.
public struct SyncEntry: Hashable, Sendable {
    public var itemID: UUID
    public var href: String?
    public var etag: String?
    public var base: String?
    public var pending: Bool
    /// The item is gone here; the server's copy is still to be deleted.
    public var deleted: Bool

    public init(itemID: UUID, href: String? = nil, etag: String? = nil, base: String? = nil, pending: Bool = true,
                deleted: Bool = false) {
        self.itemID = itemID
        self.href = href
        self.etag = etag
        self.base = base
        self.pending = pending
        self.deleted = deleted
    }
}

/// The collection the store syncs with and how the last sync went.
public struct SyncRemote: Hashable, Sendable {
    /// Without a password (Secrets.withoutPasswords): the store never keeps one.
    public var url: String
    /// RFC 6578 sync-token of the last sync, if the server offers sync-collection.
    public var token: String?
    /// The collection's getctag at the last sync (servers without sync-collection).
    public var ctag: String?
    public var lastSync: Date?
    /// The last successful sync's one-line outcome.
    public var lastResult: String?
    /// When a sync of this remote last failed, and its error line; cleared by the next success,
    /// so `remote` can say both when it last worked and why it does not now.
    public var lastFailureAt: Date?
    public var lastFailure: String?
    /// The collection's display name when discovery found it (the main list is named so; a
    /// path segment may be a UUID); nil when the URL was typed whole.
    public var name: String?

    public init(url: String, token: String? = nil, ctag: String? = nil, lastSync: Date? = nil, lastResult: String? = nil,
                lastFailureAt: Date? = nil, lastFailure: String? = nil, name: String? = nil) {
        self.name = name
        self.url = url
        self.token = token
        self.ctag = ctag
        self.lastSync = lastSync
        self.lastResult = lastResult
        self.lastFailureAt = lastFailureAt
        self.lastFailure = lastFailure
    }
}
