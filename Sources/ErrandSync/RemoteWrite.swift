import ErrandDAVWire

/// A change sent to the server: a PUT guarded by the ETag we last saw (or by If-None-Match: *
/// for a member we have never seen, so two clients cannot both create it), or a DELETE
/// guarded the same way. `*` as the ETag is `If-Match: *` (the member must exist): what the
/// engine sends once it has compared the member itself (SyncEngine.guarded).
public enum RemoteWrite: Equatable, Sendable {
    case put(href: String, text: String, etag: String?)
    case delete(href: String, etag: String?)

    public var href: String {
        switch self {
        case let .put(href, _, _), let .delete(href, _): return href
        }
    }

    func request(_ collection: CalDAVPath) -> DAVRequest {
        switch self {
        case let .put(href, text, etag):
            let guardHeader = etag.map { ("If-Match", $0) } ?? ("If-None-Match", "*")
            return DAVRequest(method: "PUT", url: collection.url(of: href),
                              headers: [("Content-Type", "text/calendar; charset=utf-8"), guardHeader], body: Array(text.utf8))
        case let .delete(href, etag):
            return DAVRequest(method: "DELETE", url: collection.url(of: href), headers: etag.map { [("If-Match", $0)] } ?? [])
        }
    }
}
