import ErrandDAVWire
import ErrandDomain
import FoundationEssentials

/// From the server as a user knows it (`https://cloud.example.org`, `host/remote.php/dav`) to
/// its task lists (RFC 6764 §6, RFC 5397, RFC 4791 §6.2.1): the typed URL, then
/// `/.well-known/caldav`, then `/`, until one names the user's principal or calendar home; the
/// home's members whose supported-calendar-component-set holds VTODO, or says nothing.
///
/// Every request stays on the typed URL's scheme, host and port: the request helper sends the
/// credentials with each request, so a redirect or an href elsewhere is refused before
/// anything is sent there. Redirects keep their method and body (a PROPFIND turned into a GET
/// finds nothing) and are followed at most `redirectLimit` times per request.
public struct CalDAVDiscovery {
    let start: CalDAVPath
    /// The URL as typed (its path as given: `/.well-known/caldav` must not gain a slash).
    let startURL: String
    let transport: DAVTransport
    public static let redirectLimit = 5
    /// Principals followed to another principal before giving up (one that names itself, or
    /// a ring of them, ends here).
    static let principalLimit = 3
    /// Collections a home may hold for discovery to read them (a home of 10,000 is refused
    /// with a line, not shown).
    public static let collectionLimit = 500

    public init(url: String, transport: DAVTransport) throws(SyncError) {
        start = try CalDAVPath(url)
        let parts = URLComponents(string: url)
        startURL = start.origin + (parts?.percentEncodedPath.isEmpty == false ? parts?.percentEncodedPath ?? "/" : "/")
        self.transport = transport
    }

    /// The task lists of the account, in the server's order; one line of SyncError otherwise.
    public func taskLists() throws(SyncError) -> [TaskList] {
        var home: String?
        var principal: String?
        var tried: [String] = []
        var said: [String] = []
        // The scheduling inbox and outbox (RFC 6638) the principal names: never task lists,
        // whatever their resourcetype says (DAViCal marks them plain calendars).
        var boxes: Set<String> = []
        func noteBoxes(_ found: Found) {
            for name in ["schedule-inbox-URL", "schedule-outbox-URL"] {
                if let box = found.href(DAV.caldav, name), let path = try? CalDAVPath(box) { boxes.insert(path.path) }
            }
        }
        for url in [startURL, start.origin + "/.well-known/caldav", start.origin + "/"] where !tried.contains(url) {
            tried.append(url)
            let (found, answer) = try lookUp(url, CalDAVDiscovery.principalProps)
            said.append("\(shown(String(url.dropFirst(start.origin.count)))): \(answer)")
            guard let found else { continue }
            noteBoxes(found)
            home = found.href(DAV.caldav, "calendar-home-set")
            principal = found.href(DAV.dav, "current-user-principal")
            if home != nil || principal != nil { break }
            try found.refuseElsewhere()
        }
        var seen: [String] = []
        while let next = principal, home == nil || boxes.isEmpty, !seen.contains(next) {
            guard seen.count < CalDAVDiscovery.principalLimit else {
                throw .noTaskList(host: start.host, reason: "the principal \(shown(next)) points back at itself and names no calendar home")
            }
            seen.append(next)
            guard let found = try lookUp(next, CalDAVDiscovery.principalProps).0 else {
                if home != nil { break }
                throw .noTaskList(host: start.host, reason: "the principal \(shown(next)) could not be read")
            }
            noteBoxes(found)
            home = home ?? found.href(DAV.caldav, "calendar-home-set")
            principal = found.href(DAV.dav, "current-user-principal")
            if home == nil, principal == nil { try found.refuseElsewhere() }
        }
        guard let home else {
            if let next = principal, seen.contains(next) {
                throw .noTaskList(host: start.host, reason: "the principal \(shown(next)) points back at itself and names no calendar home")
            }
            throw .noPrincipal(host: start.host, tried: said.joined(separator: "; "))
        }
        return try lists(in: home, except: boxes)
    }

    static let principalProps = "<D:current-user-principal/><C:calendar-home-set/><C:schedule-inbox-URL/><C:schedule-outbox-URL/>"

    /// The home's calendars that take tasks.
    func lists(in home: String, except boxes: Set<String> = []) throws(SyncError) -> [TaskList] {
        let props = "<D:resourcetype/><D:displayname/><C:supported-calendar-component-set/>"
        let (response, url) = try send(propfind(home, props, depth: "1"))
        let status = try Self.multistatus(response, url, start)
        let members = status.entries.filter { !sameResource($0.href, url) }
        guard members.count <= CalDAVDiscovery.collectionLimit else {
            throw .noTaskList(host: start.host, reason: "its calendar home holds \(members.count) collections, more than "
                + "the \(CalDAVDiscovery.collectionLimit) discovery reads; give the list's URL with `remote URL`")
        }
        var lists: [TaskList] = []
        var eventsOnly = 0
        for entry in members where (200...299).contains(entry.status) {
            guard let types = entry.property(DAV.dav, "resourcetype"), types.child(DAV.caldav, "calendar") != nil,
                  types.child(DAV.caldav, "schedule-inbox") == nil, types.child(DAV.caldav, "schedule-outbox") == nil
            else { continue }
            guard let target = absolute(entry.href, against: url), let path = try? CalDAVPath(target),
                  path.origin == start.origin else {
                throw .noTaskList(host: start.host, reason: "its calendar home names a collection on another host "
                    + "(\(shown(entry.href))); nothing was sent there")
            }
            if boxes.contains(path.path) { continue }
            guard Self.takesTasks(entry) else {
                eventsOnly += 1
                continue
            }
            lists.append(TaskList(path: path, displayName: entry.property(DAV.dav, "displayname")?.text))
        }
        guard !lists.isEmpty else {
            let reason = eventsOnly > 0 ? "its \(eventsOnly) calendar\(eventsOnly == 1 ? "" : "s") take\(eventsOnly == 1 ? "s" : "") events only"
                : "its calendar home holds no calendar"
            throw .noTaskList(host: start.host, reason: reason + "; make a task list with the server's web interface or another client")
        }
        return lists
    }

    /// Whether a calendar takes VTODO: its component set names it, or it has no set (RFC 4791
    /// §5.2.3: any component then).
    static func takesTasks(_ entry: Multistatus.Entry) -> Bool {
        guard let set = entry.property(DAV.caldav, "supported-calendar-component-set") else { return true }
        let names = set.all(DAV.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() }
        return names.isEmpty || names.contains("VTODO")
    }

    /// The response of `url` itself to a PROPFIND Depth 0 for `props`, and what it answered in
    /// a few words; nil when it answers with no multistatus (a 404, a web page): the next
    /// place is tried.
    func lookUp(_ url: String, _ props: String) throws(SyncError) -> (Found?, String) {
        let (response, final) = try send(propfind(url, props, depth: "0"))
        if response.status == 401 {
            throw .status(url: start.display, method: "PROPFIND", code: 401, location: nil)
        }
        if response.headers["content-type"]?.lowercased().contains("html") == true { return (nil, "a web page, not WebDAV") }
        guard response.status == 207 else { return (nil, "HTTP \(response.status)") }
        guard let status = try? Multistatus.read(response.body) else { return (nil, "not a WebDAV multistatus") }
        guard let entry = status.entries.first(where: { sameResource($0.href, final) }) ?? status.entries.first else {
            return (nil, "an empty multistatus")
        }
        return (Found(entry: entry, base: final, discovery: self), "no principal")
    }

    func propfind(_ url: String, _ props: String, depth: String) -> DAVRequest {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>\(props)</D:prop></D:propfind>
            """
        return DAVRequest(method: "PROPFIND", url: url, headers: [("Depth", depth), CalDAVClient.xmlType], body: Array(body.utf8))
    }

    /// The reply to `request` and the URL that gave it, after same-origin redirects.
    func send(_ request: DAVRequest) throws(SyncError) -> (DAVResponse, String) {
        var request = request
        for _ in 0...CalDAVDiscovery.redirectLimit {
            guard let reply = try transport.perform([request]).first else { throw .helper("no reply") }
            let response = try CalDAVClient.checked(reply)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
                return (response, request.url)
            }
            guard let next = absolute(location, against: request.url), let target = URLComponents(string: next),
                  Self.origin(of: target) == start.origin else {
                // The origin, port and all: a redirect to another port of the same host is
                // another server too, and the line should say which.
                let elsewhere = absolute(location, against: request.url).flatMap { URLComponents(string: $0) }
                let host = elsewhere.map(Self.origin(of:)) ?? String(location.prefix(100))
                throw .redirectedElsewhere(url: start.display, to: TextSafety.neutralised(String(host.prefix(100))))
            }
            request.url = next
        }
        throw .noTaskList(host: start.host, reason: "it redirected more than \(CalDAVDiscovery.redirectLimit) times; "
            + "give the final URL")
    }

    /// An href or Location made absolute against the URL it came from; nil when unreadable.
    func absolute(_ reference: String, against base: String) -> String? {
        let reference = TextSafety.trimmed(reference)
        if let parts = URLComponents(string: reference), parts.scheme != nil {
            return parts.host == nil ? nil : reference
        }
        if reference.hasPrefix("//") { return nil }
        if reference.hasPrefix("/") { return start.origin + reference }
        guard let baseParts = URLComponents(string: base) else { return nil }
        let folder = baseParts.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return start.origin + folder + "/" + reference
    }

    /// Whether an href names `url` itself (the home's own response among its members).
    func sameResource(_ href: String, _ url: String) -> Bool {
        guard let a = absolute(href, against: url), let left = try? CalDAVPath(a), let right = try? CalDAVPath(url) else { return false }
        return left == right
    }

    static func origin(of parts: URLComponents) -> String {
        "\(parts.scheme?.lowercased() ?? "")://\(parts.host ?? "")" + (parts.port.map { ":\($0)" } ?? "")
    }

    func shown(_ text: String) -> String { TextSafety.neutralised(String(text.prefix(100))) }

    static func multistatus(_ response: DAVResponse, _ url: String, _ start: CalDAVPath) throws(SyncError) -> Multistatus {
        guard response.status == 207 else {
            throw .status(url: start.display, method: "PROPFIND", code: response.status, location: response.headers["location"],
                          condition: DAVPrecondition.named(in: response.body))
        }
        do {
            return try Multistatus.read(response.body)
        } catch {
            throw .malformed(url: start.display, reason: "\(error)")
        }
    }

    /// One resource's answer during discovery, with the URL its hrefs are relative to.
    struct Found {
        let entry: Multistatus.Entry
        let base: String
        let discovery: CalDAVDiscovery

        /// The URL in `<name><D:href>...</D:href></name>`, on this origin; a property naming
        /// another host counts as absent (nothing is sent there).
        func href(_ namespace: String, _ name: String) -> String? {
            guard let text = entry.property(namespace, name)?.child(DAV.dav, "href")?.text,
                  let url = discovery.absolute(text, against: base), let parts = URLComponents(string: url),
                  CalDAVDiscovery.origin(of: parts) == discovery.start.origin else { return nil }
            return url
        }

        /// A principal or calendar home named on another origin is not followed (nothing is sent
        /// there), and said so, rather than reported as no principal at all.
        func refuseElsewhere() throws(SyncError) {
            for (namespace, name, what) in [(DAV.caldav, "calendar-home-set", "calendar home"),
                                            (DAV.dav, "current-user-principal", "principal")] {
                guard let text = entry.property(namespace, name)?.child(DAV.dav, "href")?.text,
                      let url = discovery.absolute(text, against: base), let parts = URLComponents(string: url) else { continue }
                let origin = CalDAVDiscovery.origin(of: parts)
                guard origin != discovery.start.origin else { continue }
                throw .accountElsewhere(url: discovery.start.display, what: what,
                                        origin: TextSafety.neutralised(String(origin.prefix(100))))
            }
        }
    }
}
