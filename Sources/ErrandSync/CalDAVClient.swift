import ErrandDAVWire
import ErrandDomain
import ErrandHelpers
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The CalDAV requests a sync makes (RFC 4791, RFC 6578), over a DAVTransport. Every reply
/// is checked here: a status it does not expect, a transport failure or a body that is not
/// a multistatus becomes one SyncError line. hrefs are kept as canonical paths (CalDAVPath).
public final class CalDAVClient {
    public let collection: CalDAVPath
    let transport: DAVTransport
    /// Members fetched per calendar-multiget (keeps each reply a few MB at most).
    public var multigetChunk = 250
    /// Changes asked for per sync-collection REPORT (RFC 6578 §3.7, DAV:limit), so a server
    /// answers a long absence in pieces it can give in time; nil once this server refused a
    /// limit (Nextcloud answers 500, nextcloud/server #9339) or may have cut at one without a
    /// 507 (limitedPart), for the rest of this client's life. A server that ignores it (Radicale,
    /// Xandikos) answers whole, as without one.
    public var changeLimit: Int? = CalDAVClient.standardChangeLimit
    public static let standardChangeLimit = 1_000
    /// Seconds since 1970, for a Retry-After given as a date (a test pins it).
    public var now: () -> Int = { Int(time(nil)) }

    public init(collection: CalDAVPath, transport: DAVTransport) {
        self.collection = collection
        self.transport = transport
    }

    static let xmlType = ("Content-Type", "application/xml; charset=utf-8")

    /// PROPFIND Depth 0. getctag is asked only of a server without sync-collection: Radicale
    /// hashes the whole collection for each of getctag and sync-token (about 60 ms each at
    /// 600 items), so asking for both doubled the cost of a sync with nothing to do.
    public func discover() throws(SyncError) -> CalDAVCollection {
        let entry: Multistatus.Entry
        do {
            entry = try properties("<D:resourcetype/><D:supported-report-set/><D:sync-token/><C:supported-calendar-component-set/>")
        } catch {
            // DAViCal at a site's root answers 500 to a PROPFIND that asks for sync-token and
            // 207 to the same without it: a server error is asked once more, smaller (the
            // token then comes with the first sync-collection answer).
            guard case let .status(_, _, code, _, _) = error, (500...599).contains(code) else { throw error }
            entry = try properties("<D:resourcetype/><D:supported-report-set/><C:supported-calendar-component-set/>")
        }
        guard let types = entry.property(DAV.dav, "resourcetype"), types.child(DAV.caldav, "calendar") != nil else {
            throw .notATaskCollection(url: collection.display)
        }
        // Found out here, before any write: a PUT refused by an events-only calendar
        // (Google's CalDAV, a calendar made for events) would fail item by item.
        guard CalDAVDiscovery.takesTasks(entry) else { throw .refusesTasks(url: collection.display) }
        let reports = entry.property(DAV.dav, "supported-report-set")?.all(DAV.dav, "supported-report") ?? []
        let sync = reports.contains { $0.child(DAV.dav, "report")?.child(DAV.dav, "sync-collection") != nil
            || $0.child(DAV.dav, "sync-collection") != nil }
        let token = entry.property(DAV.dav, "sync-token")?.text.trimmed
        var ctag: String?
        if !sync { ctag = try properties("<CS:getctag/>").property(DAV.calendarServer, "getctag")?.text.trimmed }
        return CalDAVCollection(supportsSyncCollection: sync, syncToken: token?.isEmpty == false ? token : nil,
                                ctag: ctag?.isEmpty == false ? ctag : nil)
    }

    /// The collection's own response to a PROPFIND Depth 0 for `props`.
    func properties(_ props: String) throws(SyncError) -> Multistatus.Entry {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/"><D:prop>\(props)</D:prop></D:propfind>
            """
        let status = try multistatus(DAVRequest(method: "PROPFIND", url: collection.url, headers: [("Depth", "0"), Self.xmlType],
                                                body: Array(body.utf8)))
        guard let entry = status.entries.first(where: { collection.same($0.href) }) ?? status.entries.first else {
            throw .notATaskCollection(url: collection.display)
        }
        return entry
    }

    /// Changes since `token`; nil when the server no longer accepts the token (start over).
    /// A server may answer part of them (RFC 6578 §3.6: a 507 for the collection itself, and
    /// a token for the part sent; sabre/dav with a result limit, Nextcloud): asked again with
    /// that token until the answer is whole, the parts merged in order, so no change past the
    /// limit waits for a sync nobody knows to run. A 507 that brings back the token it was
    /// asked with would never finish: that is an error, and nothing of it is kept.
    public func changes(since token: String?) throws(SyncError) -> RemoteChanges? {
        var asked = token
        var changed: [String: RemoteVersion] = [:]
        var order: [String] = []
        var removed = Set<String>()
        for _ in 0..<CalDAVClient.truncatedPartsLimit {
            guard let part = try limitedPart(since: asked, first: asked == token) else { return nil }
            for version in part.changes.changed {
                if changed.updateValue(version, forKey: version.href) == nil { order.append(version.href) }
                removed.remove(version.href)
            }
            for href in part.changes.removed {
                changed[href] = nil
                removed.insert(href)
            }
            guard part.truncated else {
                return RemoteChanges(changed: order.compactMap { changed[$0] }, removed: removed.sorted(), token: part.changes.token)
            }
            guard let next = part.changes.token, next != asked else {
                throw .malformed(url: collection.display, reason: "the server said its sync answer was cut short (507) "
                    + "but gave no new sync-token to go on from; nothing of it was kept")
            }
            asked = next
        }
        throw .malformed(url: collection.display, reason: "the server cut its sync answer short (507) "
            + "\(CalDAVClient.truncatedPartsLimit) times; nothing of it was kept")
    }

    /// One part asked with the limit where this server takes one. A limited request refused
    /// (any status but a multistatus) is asked again without it. A server that answers as many
    /// changes as the limit, exactly, and no 507 may have cut its answer without saying so, with its
    /// latest token (sabre/dav before 4.1, sabre-io/dav #1248): the changes past the cut would
    /// never come, so that part is asked again without a limit, and no limit is asked again.
    func limitedPart(since token: String?, first: Bool) throws(SyncError) -> (changes: RemoteChanges, truncated: Bool)? {
        guard let limit = changeLimit else { return try changePart(since: token, first: first, limit: nil) }
        let part: (changes: RemoteChanges, truncated: Bool)?
        do {
            part = try changePart(since: token, first: first, limit: limit, refusable: true)
        } catch .limitRefused {
            changeLimit = nil
            return try changePart(since: token, first: first, limit: nil)
        }
        // Exactly the limit: a server that ignores limits (Radicale, Xandikos) answers all it has,
        // which is that many only by chance; asking again then costs one request.
        if let part, !part.truncated, part.changes.changed.count + part.changes.removed.count == limit {
            changeLimit = nil
            return try changePart(since: token, first: first, limit: nil)
        }
        return part
    }

    /// Parts of one truncated sync answer followed before giving up (10,000 parts of a server's
    /// smallest page is far past any collection Errand syncs).
    static let truncatedPartsLimit = 10_000

    /// One sync-collection REPORT: its changes, and whether the server cut it short. `first`:
    /// the token is the one the sync began with (an expired token means listing everything);
    /// a continuation token refused is an error.
    /// `refusable`: a limited request, whose refusal (any status but 207) is thrown as
    /// `limitRefused` for the caller to ask again without the limit.
    func changePart(since token: String?, first: Bool, limit: Int? = nil,
                    refusable: Bool = false) throws(SyncError) -> (changes: RemoteChanges, truncated: Bool)? {
        let tokenXML = token.map { "<D:sync-token>\(TextSafety.markupEscaped($0))</D:sync-token>" } ?? "<D:sync-token/>"
        let limitXML = limit.map { "<D:limit><D:nresults>\($0)</D:nresults></D:limit>" } ?? ""
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:sync-collection xmlns:D="DAV:">\(tokenXML)<D:sync-level>1</D:sync-level>\(limitXML)
            <D:prop><D:getetag/></D:prop></D:sync-collection>
            """
        let request = DAVRequest(method: "REPORT", url: collection.url, headers: [("Depth", "1"), Self.xmlType],
                                 body: Array(body.utf8))
        let response = try send(request)
        if refusable, response.status != 207 { throw .limitRefused }
        // RFC 6578 §3.2: an expired token is 403 or 409 with DAV:valid-sync-token; Google says
        // 410, some servers 412, and Xandikos 0.2.8 fails with 500 on a token its repository
        // lacks (a collection made anew, a restored backup). Each means: list everything. A
        // server that is really failing fails that listing too, and the sync with it.
        // Nextcloud has answered 418 (python-caldav #234).
        if first, token != nil, [403, 409, 410, 412, 418, 500].contains(response.status) { return nil }
        let status = try readMultistatus(request, response)
        var changed: [RemoteVersion] = []
        var removed: [String] = []
        var truncated = false
        for entry in status.entries {
            guard let href = collection.member(entry.href) else {
                if entry.status == 507, collection.same(entry.href) { truncated = true }
                continue
            }
            if entry.status == 404 { removed.append(href) } else if (200...299).contains(entry.status) {
                changed.append(RemoteVersion(href: href, etag: entry.etag))
            }
        }
        return (RemoteChanges(changed: changed, removed: removed, token: status.syncToken), truncated)
    }

    /// Every VTODO member with its ETag (calendar-query, no data).
    public func listing() throws(SyncError) -> [RemoteVersion] {
        let status = try multistatus(calendarQuery("<D:getetag/>"))
        return status.entries.compactMap { entry in
            guard (200...299).contains(entry.status), let href = collection.member(entry.href) else { return nil }
            return RemoteVersion(href: href, etag: entry.etag)
        }
    }

    /// The texts of `hrefs` when they are most of the collection (a first sync): every VTODO
    /// member in one calendar-query, keeping those asked for. Multigets cost some servers time in
    /// proportion to the collection for each href (Xandikos 0.2.8: 21 s for 250 hrefs of 10,000
    /// members, against 2.5 s for a calendar-query of all of them); Radicale answers 20,000 in
    /// one in 1.3 s. nil when the server could not give them in one answer (past the size
    /// limit, a timeout, a connection cut, a 5xx: a PHP server's max_execution_time, a proxy's
    /// 60 s): the caller then fetches them in pieces, by multigets, which are bounded.
    /// `hrefs` nil: every member the query finds (a join, which has listed nothing).
    public func fetchMost(_ hrefs: [String]?) throws(SyncError) -> [RemoteItem]? {
        let status: Multistatus
        do {
            status = try multistatus(calendarQuery("<D:getetag/><C:calendar-data/>"))
        } catch {
            guard CalDAVClient.tooMuchAtOnce(error) else { throw error }
            return nil
        }
        let wanted = hrefs.map(Set.init)
        return status.entries.compactMap { entry in
            guard (200...299).contains(entry.status), let href = collection.member(entry.href), wanted?.contains(href) ?? true,
                  let text = entry.calendarData else { return nil }
            return RemoteItem(href: href, etag: entry.etag, text: text)
        }
    }

    /// A failure of one large request that smaller ones can get past.
    static func tooMuchAtOnce(_ error: SyncError) -> Bool {
        switch error {
        case .transport(.tooLarge), .transport(.timedOut), .transport(.stalled), .transport(.truncated):
            return true
        case let .status(_, _, code, _, condition):
            return (500...599).contains(code) || condition == .numberOfMatchesWithinLimits
        default:
            return false
        }
    }

    /// Each member by GET: for a server whose multiget fails whole when one member is gone.
    func fetchEach(_ hrefs: [String]) throws(SyncError) -> [RemoteItem] {
        let requests = hrefs.map { DAVRequest(method: "GET", url: collection.url(of: $0), headers: [], body: []) }
        var items: [RemoteItem] = []
        for ((request, reply), href) in zip(zip(requests, try perform(requests)), hrefs) {
            let response = try CalDAVClient.checked(reply)
            if response.status == 404 || response.status == 410 { continue }
            guard (200...299).contains(response.status) else {
                throw .status(url: collection.display, method: request.method, code: response.status,
                              location: response.headers["location"], condition: DAVPrecondition.named(in: response.body))
            }
            items.append(RemoteItem(href: href, etag: response.headers["etag"], text: String(decoding: response.body, as: UTF8.self)))
        }
        return items
    }

    func calendarQuery(_ props: String) -> DAVRequest {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>\(props)</D:prop>
            <C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter>
            </C:calendar-query>
            """
        return DAVRequest(method: "REPORT", url: collection.url, headers: [("Depth", "1"), Self.xmlType], body: Array(body.utf8))
    }

    /// The texts of `hrefs`, several multigets at once. A member gone meanwhile is left out.
    public func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteItem] {
        var requests: [DAVRequest] = []
        var chunks: [ArraySlice<String>] = []
        var start = 0
        while start < hrefs.count {
            let chunk = hrefs[start..<min(hrefs.count, start + multigetChunk)]
            chunks.append(chunk)
            start += multigetChunk
            let list = chunk.map { "<D:href>\(TextSafety.markupEscaped($0))</D:href>" }.joined()
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
                <D:prop><D:getetag/><C:calendar-data/></D:prop>\(list)</C:calendar-multiget>
                """
            requests.append(DAVRequest(method: "REPORT", url: collection.url, headers: [("Depth", "1"), Self.xmlType],
                                       body: Array(body.utf8)))
        }
        var items: [RemoteItem] = []
        for ((request, reply), chunk) in zip(zip(requests, try perform(requests)), chunks) {
            let response = try CalDAVClient.checked(reply)
            // sabre/dav 1.8 answers a multiget naming a member it lacks with 404 for the whole
            // request, not a 207 with a 404 for that member: each is then asked for alone, so
            // only those really gone are left out.
            if response.status == 404 {
                items += try fetchEach(Array(chunk))
                continue
            }
            let status = try readMultistatus(request, response)
            for entry in status.entries where (200...299).contains(entry.status) {
                guard let href = collection.member(entry.href), let text = entry.calendarData else { continue }
                items.append(RemoteItem(href: href, etag: entry.etag, text: text))
            }
        }
        return items
    }

    /// PUTs and DELETEs, all sent at once; the replies in the same order (status and ETag).
    public func write(_ writes: [RemoteWrite]) throws(SyncError) -> [DAVResponse] {
        let requests = writes.map { $0.request(collection) }
        var out: [DAVResponse] = []
        for reply in try perform(requests) { out.append(try CalDAVClient.checked(reply)) }
        return out
    }

    // MARK: replies

    /// The longest Retry-After a sync waits for (mailbox.org has asked for 300 s: that is one
    /// line, not five minutes of a silent terminal).
    public static let busyWaitLimit = 30.0
    /// Rounds of waiting for a server that answers 429 or 503 with Retry-After.
    static let busyRounds = 3

    /// The transport's replies, the requests a busy server refused with 429 or 503 and a
    /// Retry-After (seconds or a date) sent again once it has passed, a few rounds at most.
    func perform(_ requests: [DAVRequest]) throws(SyncError) -> [DAVReply] {
        var replies = try transport.perform(requests)
        for _ in 0..<CalDAVClient.busyRounds {
            var busy: [Int] = []
            var wait = 0
            for (index, reply) in replies.enumerated() {
                guard case let .response(response) = reply, [429, 503].contains(response.status),
                      let seconds = response.headers["retry-after"].flatMap({ RetryAfter.seconds($0, now: now()) }) else {
                    continue
                }
                guard Double(seconds) <= CalDAVClient.busyWaitLimit else {
                    throw .busy(url: collection.display, code: response.status, seconds: seconds)
                }
                busy.append(index)
                wait = max(wait, seconds)
            }
            if busy.isEmpty { break }
            CalDAVClient.pause(seconds: wait)
            let again = try transport.perform(busy.compactMap { requests.indices.contains($0) ? requests[$0] : nil })
            for (index, reply) in zip(busy, again) { replies[index] = reply }
        }
        return replies
    }

    /// A signal ends the wait early: Ctrl-C reaches the helper too, and the next request
    /// finds it gone and says the sync was cancelled.
    static func pause(seconds: Int) {
        var time = timespec(tv_sec: seconds, tv_nsec: 0)
        _ = nanosleep(&time, nil)
    }

    func send(_ request: DAVRequest) throws(SyncError) -> DAVResponse {
        guard let reply = try perform([request]).first else { throw .helper("no reply") }
        return try CalDAVClient.checked(reply)
    }

    func multistatus(_ request: DAVRequest) throws(SyncError) -> Multistatus {
        try readMultistatus(request, try send(request))
    }

    func readMultistatus(_ request: DAVRequest, _ response: DAVResponse) throws(SyncError) -> Multistatus {
        guard response.status == 207 else {
            throw .status(url: collection.display, method: request.method, code: response.status,
                          location: response.headers["location"], condition: DAVPrecondition.named(in: response.body))
        }
        do {
            return try Multistatus.read(response.body)
        } catch {
            throw .malformed(url: collection.display, reason: "\(error)")
        }
    }

    /// The response, or the transport failure as a SyncError.
    static func checked(_ reply: DAVReply) throws(SyncError) -> DAVResponse {
        switch reply {
        case let .response(response):
            return response
        case let .failed(line):
            if let error = CatalogueError(wireLine: line) { throw .transport(error) }
            throw .helper(String(line.prefix(200)))
        }
    }

}
