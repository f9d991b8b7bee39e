/// What discovery learnt about the collection (PROPFIND Depth 0).
public struct CalDAVCollection: Equatable, Sendable {
    public var supportsSyncCollection: Bool
    public var syncToken: String?
    public var ctag: String?
}

/// One member of the collection as a listing or a change report names it.
public struct RemoteVersion: Equatable, Sendable {
    public var href: String
    public var etag: String?
}

/// One member with its text (calendar-multiget).
public struct RemoteItem: Equatable, Sendable {
    public var href: String
    public var etag: String?
    public var text: String
}

/// What changed on the server since a sync token (RFC 6578).
public struct RemoteChanges: Equatable, Sendable {
    public var changed: [RemoteVersion]
    public var removed: [String]
    public var token: String?
}
