import Foundation

/// A small CalDAV collection of our own on a LoopbackServer, behaving as a real server's quirk
/// would (each seen in the field: see ../shared/notes/caldav-in-the-wild.md): weak or missing
/// ETags, an ETag rewritten on every read, 418 for an old sync-token, 429/503 with
/// Retry-After, 507, properties dropped, a UID refused once deleted. It keeps members by path,
/// answers PROPFIND, REPORT (sync-collection, calendar-query, calendar-multiget), PUT and
/// DELETE, and records every request's method, path and guard headers.
public final class QuirkyCalDAV: @unchecked Sendable {
    public struct Quirks: Sendable {
        /// ETags as `W/"n"`; an If-Match with a weak tag is answered 412 (as some servers do, forever).
        public var weakETags = false
        /// No ETag anywhere: not on PUT, not in listings.
        public var noETags = false
        /// Every ETag the server reports is new (a proxy rewriting it), never the one If-Match compares.
        public var etagPerRead = false
        /// Offers sync-collection; with `expireTokens`, a REPORT naming an old token is answered 418.
        public var syncCollection = false
        public var expireTokens = false
        /// The next this many requests are answered `busyStatus` with `Retry-After: retryAfter`.
        public var busy = 0
        public var busyStatus = 429
        public var retryAfter = "1"
        /// PUTs are answered 507 (no room).
        public var full = false
        /// VALARM and RELATED-TO lines are dropped from what is stored.
        public var dropsAlarmsAndRelations = false
        /// A PUT of a UID deleted before is refused with 400 (Nextcloud's trash bin).
        public var refusesDeletedUIDs = false
        /// A PUT of a new member is refused with 403 and the precondition Cyrus names when the
        /// account holds its UID in another calendar (RFC 6638 unique-scheduling-object-resource).
        public var uidHeldElsewhere = false
        /// A sync-collection REPORT answers at most this many members, then a 507 for the
        /// collection and a token to go on from (RFC 6578 §3.6; sabre/dav with a limit).
        public var truncateAt: Int?
        /// With `truncateAt`: the 507 comes with the very token it was asked with (a server
        /// that can never finish).
        public var truncateWithSameToken = false
        /// A sync-collection REPORT's DAV:limit is honoured as `truncateAt` is (a 507 past it).
        public var honoursLimit = false
        /// A sync-collection REPORT with a DAV:limit is answered 500 (nextcloud/server #9339).
        public var refusesLimit = false
        /// A sync-collection REPORT's DAV:limit cuts the answer without a 507, with the latest
        /// token (sabre/dav before sabre-io/dav #1248): what is past the cut is never listed.
        public var cutsAtLimitSilently = false
        /// A calendar-query asking for calendar-data is answered 500, as a PHP server past its
        /// max_execution_time answers a query of every member of a large collection.
        public var failsQueriesWithData = false
        /// Multigets past this many are answered 500 (a server failing midway through a pull).
        public var multigetsAnswered: Int?
        /// Multigets past this many wait unanswered until `release()`: a pull held between two
        /// of its pieces (the first to wait signals `holding`).
        public var holdMultigetsAfter: Int?
        /// The collection's supported-calendar-component-set (nil: not given).
        public var components: [String]? = ["VTODO"]

        public init() {}
    }

    public struct Seen: Sendable {
        public let method: String
        public let path: String
        public let ifMatch: String?
        public let ifNoneMatch: String?
    }

    public let collection = "/dav/tasks/"
    private let lock = NSLock()
    private var quirksValue: Quirks
    private var members: [String: (text: String, version: Int)] = [:]
    private var deletedUIDs: Set<String> = []
    private var version = 0
    private var reads = 0
    private var seenValue: [Seen] = []
    private var multigets = 0
    private var limitsValue: [Int?] = []
    public let server: LoopbackServer
    /// Signalled once a multiget is held (Quirks.holdMultigetsAfter).
    public let holding = DispatchSemaphore(value: 0)
    private let gate = NSCondition()
    private var released = false
    private var multigetsSeen = 0

    public init(_ quirks: Quirks) throws {
        try Lane.mayStart("a CalDAV server")
        quirksValue = quirks
        server = try LoopbackServer(routes: [:])
        server.set("/dav/*", .handler { [unowned self] in self.respond($0) })
    }

    deinit { server.stop() }

    public var url: String { "http://me:pa55word@127.0.0.1:\(server.port)\(collection)" }

    public var quirks: Quirks {
        get { lock.withLock { quirksValue } }
        set { lock.withLock { quirksValue = newValue } }
    }

    public var seen: [Seen] { lock.withLock { seenValue } }

    /// The DAV:limit of each sync-collection REPORT, in order (nil: none asked).
    public var limits: [Int?] { lock.withLock { limitsValue } }

    /// The stored texts, by member path.
    public var texts: [String: String] { lock.withLock { members.mapValues(\.text) } }

    /// Puts a member as another client would.
    public func store(_ name: String, _ text: String) {
        lock.withLock {
            version += 1
            members[collection + name] = (text, version)
        }
    }

    private func etag(_ version: Int) -> String? {
        if quirksValue.noETags { return nil }
        if quirksValue.etagPerRead {
            reads += 1
            return "\"\(version)-read\(reads)\""
        }
        return quirksValue.weakETags ? "W/\"\(version)\"" : "\"\(version)\""
    }

    /// What If-Match must name for the member to be unchanged.
    private func matches(_ given: String, _ version: Int) -> Bool {
        if given == "*" { return true }
        if quirksValue.weakETags { return false }
        if quirksValue.etagPerRead || quirksValue.noETags { return false }
        return given == "\"\(version)\""
    }

    /// Lets every held multiget (and each later one) be answered.
    public func release() {
        gate.withLock {
            released = true
            gate.broadcast()
        }
    }

    /// Waits, outside the lock that answers requests, while a multiget is held.
    private func holdIfAsked(_ request: LoopbackServer.Request) {
        guard request.method == "REPORT", let after = quirks.holdMultigetsAfter,
              String(decoding: request.body, as: UTF8.self).contains("calendar-multiget") else { return }
        gate.withLock {
            multigetsSeen += 1
            guard multigetsSeen > after, !released else { return }
            if multigetsSeen == after + 1 { holding.signal() }
            while !released { gate.wait() }
        }
    }

    private func respond(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        holdIfAsked(request)
        lock.lock()
        defer { lock.unlock() }
        seenValue.append(Seen(method: request.method, path: request.path, ifMatch: request.headers["if-match"],
                              ifNoneMatch: request.headers["if-none-match"]))
        if quirksValue.busy > 0 {
            quirksValue.busy -= 1
            return .init(quirksValue.busyStatus, headers: ["Retry-After": quirksValue.retryAfter], body: Data("busy".utf8))
        }
        let body = String(decoding: request.body, as: UTF8.self)
        switch request.method {
        case "PROPFIND": return propfind()
        case "REPORT": return report(body)
        case "PUT": return put(request, body)
        case "DELETE":
            guard let member = members[request.path] else { return .init(404) }
            if let given = request.headers["if-match"], !matches(given, member.version) { return .init(412) }
            if let uid = QuirkyCalDAV.uid(member.text) { deletedUIDs.insert(uid) }
            members[request.path] = nil
            version += 1
            return .init(204)
        default: return .init(405)
        }
    }

    private func propfind() -> LoopbackServer.Reply {
        let set = quirksValue.components.map { "<C:supported-calendar-component-set>"
            + $0.map { "<C:comp name=\"\($0)\"/>" }.joined() + "</C:supported-calendar-component-set>" } ?? ""
        let reports = quirksValue.syncCollection
            ? "<D:supported-report-set><D:supported-report><D:report><D:sync-collection/></D:report></D:supported-report></D:supported-report-set>"
            : ""
        let token = quirksValue.syncCollection ? "<D:sync-token>t\(version)</D:sync-token>" : ""
        return multistatus(response(collection, "<D:resourcetype><D:collection/><C:calendar/></D:resourcetype>"
            + "<CS:getctag>c\(version)</CS:getctag>\(token)\(reports)\(set)"))
    }

    private func report(_ body: String) -> LoopbackServer.Reply {
        let withData = body.contains("calendar-data")
        if quirksValue.failsQueriesWithData, withData, body.contains("calendar-query") {
            return .init(500, body: Data("Maximum execution time of 30 seconds exceeded".utf8))
        }
        var paths = members.keys.sorted()
        var token = ""
        var cut = ""
        if body.contains("sync-collection") {
            if quirksValue.expireTokens, body.contains("<D:sync-token>t") { return .init(418, body: Data("I'm a teapot".utf8)) }
            token = "<D:sync-token>t\(version)</D:sync-token>"
            let asked = body.components(separatedBy: "<D:nresults>").dropFirst().first?
                .components(separatedBy: "</D:nresults>").first.flatMap { Int($0) }
            limitsValue.append(asked)
            if asked != nil, quirksValue.refusesLimit { return .init(500, body: Data("SQLSTATE[42000]: Syntax error near LIMIT".utf8)) }
            if let asked, quirksValue.cutsAtLimitSilently { paths = Array(paths.prefix(asked)) }
            if let limit = quirksValue.truncateAt ?? (quirksValue.honoursLimit ? asked : nil) {
                // A continuation token is "p<offset>-t<version>": the members from there on.
                let asked = body.components(separatedBy: "<D:sync-token>").dropFirst().first?.components(separatedBy: "</D:sync-token>").first
                let offset = asked.flatMap { $0.hasPrefix("p") ? Int($0.dropFirst().prefix { $0 != "-" }) : nil } ?? 0
                let end = min(paths.count, offset + limit)
                if end < paths.count {
                    let next = quirksValue.truncateWithSameToken ? (asked ?? "p0-t\(version)") : "p\(end)-t\(version)"
                    token = "<D:sync-token>\(next)</D:sync-token>"
                    cut = "<D:response><D:href>\(collection)</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>"
                }
                paths = Array(paths[min(offset, paths.count)..<end])
            }
        } else if body.contains("calendar-multiget") {
            multigets += 1
            if let answered = quirksValue.multigetsAnswered, multigets > answered { return .init(500) }
            paths = body.components(separatedBy: "<D:href>").dropFirst().compactMap { $0.components(separatedBy: "</D:href>").first }
        }
        let responses = paths.map { path -> String in
            guard let member = members[path] else {
                return "<D:response><D:href>\(path)</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>"
            }
            let tag = etag(member.version).map { "<D:getetag>\($0)</D:getetag>" } ?? ""
            let data = withData ? "<C:calendar-data>\(QuirkyCalDAV.escaped(member.text))</C:calendar-data>" : ""
            return response(path, tag + data)
        }
        return multistatus(responses.joined() + cut + token)
    }

    private func put(_ request: LoopbackServer.Request, _ body: String) -> LoopbackServer.Reply {
        if quirksValue.full { return .init(507, body: Data("Insufficient Storage".utf8)) }
        let existing = members[request.path]
        if request.headers["if-none-match"] == "*", existing != nil { return .init(412) }
        if let given = request.headers["if-match"] {
            guard let existing, matches(given, existing.version) else { return .init(412) }
        }
        if existing == nil, quirksValue.uidHeldElsewhere, let uid = QuirkyCalDAV.uid(body) {
            let error = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:error xmlns:D=\"DAV:\" "
                + "xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><C:unique-scheduling-object-resource>"
                + "<D:href>/dav/calendars/user/me/Home/\(uid).ics</D:href></C:unique-scheduling-object-resource></D:error>"
            return .init(403, body: Data(error.utf8))
        }
        if existing == nil, quirksValue.refusesDeletedUIDs, let uid = QuirkyCalDAV.uid(body), deletedUIDs.contains(uid) {
            return .init(400, body: Data("Deleted calendar object with uid already exists in this calendar collection.".utf8))
        }
        var text = body
        if quirksValue.dropsAlarmsAndRelations {
            var kept: [String] = []
            var inAlarm = false
            for line in body.components(separatedBy: "\r\n") {
                if line == "BEGIN:VALARM" { inAlarm = true }
                if !inAlarm, !line.hasPrefix("RELATED-TO") { kept.append(line) }
                if line == "END:VALARM" { inAlarm = false }
            }
            text = kept.joined(separator: "\r\n")
        }
        version += 1
        members[request.path] = (text, version)
        // A server that changed what it was sent gives no ETag (RFC 4791 §5.3.4).
        let tag = text == body ? etag(version) : nil
        return .init(existing == nil ? 201 : 204, headers: tag.map { ["ETag": $0] } ?? [:])
    }

    private func response(_ href: String, _ props: String) -> String {
        "<D:response><D:href>\(href)</D:href><D:propstat><D:status>HTTP/1.1 200 OK</D:status><D:prop>\(props)</D:prop>"
            + "</D:propstat></D:response>"
    }

    private func multistatus(_ inner: String) -> LoopbackServer.Reply {
        .init(207, headers: ["Content-Type": "application/xml"], body: Data(("<?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\" "
            + "xmlns:C=\"urn:ietf:params:xml:ns:caldav\" xmlns:CS=\"http://calendarserver.org/ns/\">\(inner)</D:multistatus>").utf8))
    }

    static func uid(_ text: String) -> String? {
        text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
