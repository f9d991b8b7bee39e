import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Discovery against servers of our own that answer it badly: each is one line, nothing is
/// stored, and no request (so no credential) reaches another host.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct DiscoveryFaultTests {
    static func multistatus(_ inner: String) -> Data {
        Data("<?xml version=\"1.0\"?><D:multistatus xmlns:D=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\">\(inner)</D:multistatus>".utf8)
    }

    static func response(_ href: String, _ props: String) -> String {
        "<D:response><D:href>\(href)</D:href><D:propstat><D:status>HTTP/1.1 200 OK</D:status><D:prop>\(props)</D:prop>"
            + "</D:propstat></D:response>"
    }

    /// A plain collection (not a calendar) naming `principal`.
    static func principal(_ href: String, naming principal: String) -> LoopbackServer.Route {
        .reply(207, multistatus(response(href, "<D:resourcetype><D:collection/></D:resourcetype>"
            + "<D:current-user-principal><D:href>\(principal)</D:href></D:current-user-principal>")), headers: [:])
    }

    static func home(_ href: String, at home: String) -> LoopbackServer.Route {
        .reply(207, multistatus(response(href, "<D:resourcetype><D:collection/><D:principal/></D:resourcetype>"
            + "<C:calendar-home-set><D:href>\(home)</D:href></C:calendar-home-set>")), headers: [:])
    }

    static func calendar(_ href: String, name: String, components: [String]?) -> String {
        let set = components.map { "<C:supported-calendar-component-set>"
            + $0.map { "<C:comp name=\"\($0)\"/>" }.joined() + "</C:supported-calendar-component-set>" } ?? ""
        return response(href, "<D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>\(name)</D:displayname>\(set)")
    }

    /// A server whose root leads to /p/, whose home /h/ holds `members` (responses).
    static func server(members: String, extra: [String: LoopbackServer.Route] = [:]) throws -> LoopbackServer {
        var routes: [String: LoopbackServer.Route] = [
            "/": principal("/", naming: "/p/"),
            "/p/": home("/p/", at: "/h/"),
            "/h/": .reply(207, multistatus(response("/h/", "<D:resourcetype><D:collection/></D:resourcetype>") + members), headers: [:]),
        ]
        for (path, route) in extra { routes[path] = route }
        return try LoopbackServer(routes: routes)
    }

    static func url(_ server: LoopbackServer, _ path: String = "/") -> String {
        "http://me:pa55word@127.0.0.1:\(server.port)\(path)"
    }

    /// Runs a sync from `url` into a fresh store of each backend; returns the error's line.
    static func failedSync(_ url: String) throws -> [String] {
        let folder = NSTemporaryDirectory() + "errand-discovery-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines: [String] = []
        for backend in [StoreBackend.sqlite, .plist] {
            let store = try StoreOpener.open(path: folder + "/s-\(backend)." + (backend == .plist ? "plist" : "sqlite"),
                                             backend: backend)
            defer { store.close() }
            _ = try store.add(TodoItem(id: UUID(), title: "Mine", due: nil, created: Date(timeIntervalSince1970: 1_790_000_000)))
            let before = try store.allItems()
            let sync = TodoSync(limits: FetchLimits(maxBytes: 16 << 20, idleTimeout: 5, totalTimeout: 20))
            do {
                _ = try sync.run(store, url: url, codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")), now: Date.init)
                Issue.record("a sync from \(url) did not fail")
            } catch {
                lines.append("\(error)")
            }
            #expect(try store.allItems() == before)
            #expect(try store.syncRemote() == nil)
        }
        for line in lines {
            #expect(!line.contains("\n") && !line.contains("\u{1B}") && !line.contains("pa55word"), "\(line)")
        }
        return lines
    }

    /// Issue 43, 4: DAViCal served at a site's root answers 500 to a PROPFIND that asks for
    /// sync-token and 207 to one that does not. The smaller one is asked, and discovery goes
    /// on from what it says to the task list.
    @Test func aRootThatFailsOnTheSyncTokenIsAskedWithoutIt() throws {
        let lists = "/h/tasks/"
        let root = Self.multistatus(Self.response("/", "<D:resourcetype><D:collection/></D:resourcetype>"
            + "<D:current-user-principal><D:href>/p/</D:href></D:current-user-principal>"))
        let server = try Self.server(members: Self.calendar(lists, name: "Tasks", components: ["VTODO"]), extra: [
            "/": .handler { request in
                String(decoding: request.body, as: UTF8.self).contains("sync-token")
                    ? .init(500, body: Data("Internal Server Error".utf8)) : .init(207, body: root)
            },
        ])
        defer { server.stop() }
        let found = try TodoSync().taskLists(Self.url(server))
        #expect(found.map(\.path.path) == [lists])
    }

    /// Issue 43, 2: a collection URL the user typed that the server refuses (Cyrus: 403 for
    /// another user's calendar) or does not know (404) is named in the error; discovery does
    /// not replace it with the account's own list, and nothing is stored or remembered.
    @Test(arguments: [403, 404])
    func aTypedCollectionThatIsRefusedIsNamedNotReplaced(_ code: Int) throws {
        let server = try Self.server(members: Self.calendar("/h/mine/", name: "Mine", components: ["VTODO"]),
                                     extra: ["/calendars/other/tasks/": .status(code)])
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server, "/calendars/other/tasks/")) {
            #expect(line.hasPrefix("tasks@127.0.0.1 answered PROPFIND with HTTP \(code)"), "\(line)")
        }
        #expect(!server.requests.contains { $0.path.hasPrefix("/h/") }, "\(server.requests.map(\.path))")
    }

    /// Issue 43, 5: the scheduling inbox and outbox are never task lists, though DAViCal marks
    /// them plain calendars with no component set: the principal names them (RFC 6638), and
    /// a box marked as one (Cyrus) is left out by its resourcetype.
    @Test func theSchedulingBoxesAreNeverTaskLists() throws {
        let principal = Self.multistatus(Self.response("/p/", "<D:resourcetype><D:collection/><D:principal/></D:resourcetype>"
            + "<C:calendar-home-set><D:href>/h/</D:href></C:calendar-home-set>"
            + "<C:schedule-inbox-URL><D:href>/h/.in/</D:href></C:schedule-inbox-URL>"
            + "<C:schedule-outbox-URL><D:href>/h/.out/</D:href></C:schedule-outbox-URL>"))
        let members = Self.calendar("/h/tasks/", name: "Tasks", components: ["VTODO"])
            + Self.calendar("/h/.in/", name: "in", components: nil) + Self.calendar("/h/.out/", name: "out", components: nil)
            + Self.response("/h/Inbox/", "<D:resourcetype><D:collection/><C:calendar/><C:schedule-inbox/></D:resourcetype>")
        let server = try Self.server(members: members, extra: ["/p/": .reply(207, principal, headers: [:])])
        defer { server.stop() }
        #expect(try TodoSync().taskLists(Self.url(server)).map(\.path.path) == ["/h/tasks/"])
    }

    @Test func aPrincipalPointingAtItselfIsOneLine() throws {
        let server = try LoopbackServer(routes: ["/": Self.principal("/", naming: "/p/"), "/p/": Self.principal("/p/", naming: "/p/")])
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("points back at itself"), "\(line)")
        }
        // The root, the principal once, then the principal again: it ends there.
        #expect(server.requests.count <= 8, "\(server.requests.map(\.path))")
    }

    @Test func aHomeWithTenThousandCollectionsIsRefusedWithALine() throws {
        let members = (0..<10_000).map { Self.calendar("/h/c\($0)/", name: "C\($0)", components: ["VTODO"]) }.joined()
        let server = try Self.server(members: members)
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("10000 collections") && line.contains("give the list's URL"), "\(line)")
        }
    }

    @Test func aHomeWithNoTaskListSaysWhy() throws {
        let events = try Self.server(members: Self.calendar("/h/cal/", name: "Events", components: ["VEVENT"]))
        defer { events.stop() }
        for line in try Self.failedSync(Self.url(events)) {
            #expect(line.contains("found no task list") && line.contains("1 calendar takes events only"), "\(line)")
        }
        let empty = try Self.server(members: "")
        defer { empty.stop() }
        for line in try Self.failedSync(Self.url(empty)) {
            #expect(line.contains("holds no calendar"), "\(line)")
        }
    }

    /// A collection without the property is tried; one with VTODO among others is a list; the
    /// names are bounded and plain, however the server sends them.
    @Test func listsAreThoseTakingTasksWithPlainBoundedNames() throws {
        let long = String(repeating: "N", count: 100_000)
        let members = Self.calendar("/h/work/", name: long, components: ["VEVENT", "VTODO"])
            + Self.calendar("/h/events/", name: "Events", components: ["VEVENT"])
            + Self.calendar("/h/home/", name: "Home\u{1B}]0;owned\u{07}\u{1B}[2J", components: nil)
            + Self.response("/h/book/", "<D:resourcetype><D:collection/></D:resourcetype><D:displayname>Book</D:displayname>")
        let server = try Self.server(members: members)
        defer { server.stop() }
        let lists = try TodoSync().taskLists(Self.url(server))
        #expect(lists.map(\.path.path) == ["/h/work/", "/h/home/"])
        #expect(lists.allSatisfy { $0.name.count <= TaskList.nameLimit && !TextSafety.containsControl($0.name) })
        #expect(lists.last?.name.hasPrefix("Home") == true)
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("has 2 task lists") && line.count < 400, "\(line)")
        }
    }

    @Test func aCollectionOnAnotherHostIsNeverAsked() throws {
        let other = try LoopbackServer(routes: [:])
        defer { other.stop() }
        let server = try Self.server(members: Self.calendar("http://127.0.0.1:\(other.port)/h/tasks/", name: "Tasks", components: nil))
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("a collection on another host"), "\(line)")
        }
        #expect(other.requests.isEmpty)
    }

    @Test func aRedirectToAnotherHostIsNamedAndNotFollowed() throws {
        let other = try LoopbackServer(routes: [:])
        defer { other.stop() }
        let server = try LoopbackServer(routes: [
            "/": .status(404),
            "/.well-known/caldav": .reply(301, Data(), headers: ["Location": "http://localhost:\(other.port)/dav/"]),
        ])
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("redirected to another host, http://localhost:\(other.port)"), "\(line)")
        }
        #expect(other.requests.isEmpty)
    }

    /// Issue 47: another port of the same host is another server, and the line names the port.
    @Test func aRedirectToAnotherPortNamesThePort() throws {
        let other = try LoopbackServer(routes: [:])
        defer { other.stop() }
        let server = try LoopbackServer(routes: [
            "/": .status(404),
            "/.well-known/caldav": .reply(301, Data(), headers: ["Location": "http://127.0.0.1:\(other.port)/dav/"]),
        ])
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("redirected to another host, http://127.0.0.1:\(other.port)"), "\(line)")
        }
        #expect(other.requests.isEmpty)
    }

    /// Issue 47: a principal or calendar home on another origin is named, not "no principal".
    @Test func aPrincipalOnAnotherOriginIsNamedAndNotAsked() throws {
        let other = try LoopbackServer(routes: [:])
        defer { other.stop() }
        let server = try LoopbackServer(routes: ["/": .status(404), "/.well-known/caldav": .status(404)])
        defer { server.stop() }
        server.set("/", Self.principal("/", naming: "http://127.0.0.1:\(other.port)/p/"))
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("names its principal on another server, http://127.0.0.1:\(other.port)"), "\(line)")
        }
        #expect(other.requests.isEmpty)
    }

    /// RFC 6764's well-known redirect, relative and absolute, kept as a PROPFIND with its body.
    @Test func sameHostRedirectsKeepTheMethodAndBody() throws {
        let server = try Self.server(members: Self.calendar("/h/tasks/", name: "Tasks", components: ["VTODO"]), extra: [
            "/": .status(404),
            "/.well-known/caldav": .reply(301, Data(), headers: ["Location": "/dav"]),
            "/dav": .reply(308, Data(), headers: ["Location": "dav/"]),
            "/dav/": .reply(307, Data(), headers: ["Location": "http://127.0.0.1:PORT/entry/"]),
        ])
        defer { server.stop() }
        server.set("/dav/", .reply(307, Data(), headers: ["Location": "http://127.0.0.1:\(server.port)/entry/"]))
        server.set("/entry/", Self.principal("/entry/", naming: "/p/"))
        let lists = try TodoSync().taskLists(Self.url(server))
        #expect(lists.map(\.name) == ["Tasks"])
        let entry = try #require(server.heads.firstIndex { $0.hasPrefix("PROPFIND /entry/ ") })
        #expect(server.bodySizes[entry] > 0)
        #expect(server.heads.allSatisfy { $0.hasPrefix("PROPFIND ") }, "\(server.heads.map { $0.prefix(30) })")
    }

    @Test func moreThanFiveRedirectsEndWithALine() throws {
        var routes: [String: LoopbackServer.Route] = ["/": .reply(302, Data(), headers: ["Location": "/r0"])]
        for hop in 0..<10 { routes["/r\(hop)"] = .reply(302, Data(), headers: ["Location": "/r\(hop + 1)"]) }
        let server = try LoopbackServer(routes: routes)
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("redirected more than 5 times"), "\(line)")
        }
    }

    /// A web interface (Radicale's, at some paths) answers with a page, not WebDAV.
    @Test func htmlAnswersEndWithALine() throws {
        let page = LoopbackServer.Route.body(Data("<!DOCTYPE html><html><body>Login</body></html>".utf8), contentType: "text/html")
        let server = try LoopbackServer(routes: ["/": page, "/.well-known/caldav": page, "/web/": page])
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server)) {
            #expect(line.contains("found no CalDAV account") && line.contains("/: a web page"), "\(line)")
        }
        // A path of its own: its own answer is the line.
        for line in try Self.failedSync(Self.url(server, "/web/")) {
            #expect(line.contains("answered PROPFIND with HTTP 200: not WebDAV"), "\(line)")
        }
    }

    /// An events-only calendar given as the URL is named before anything is sent to it.
    @Test func anEventsOnlyCollectionIsNamedBeforeAnyWrite() throws {
        let server = try LoopbackServer(routes: [
            "/cal/": .reply(207, Self.multistatus(Self.calendar("/cal/", name: "Events", components: ["VEVENT"])), headers: [:]),
        ])
        defer { server.stop() }
        for line in try Self.failedSync(Self.url(server, "/cal/")) {
            #expect(line.contains("events only") && line.contains("nothing was sent"), "\(line)")
        }
        #expect(server.heads.allSatisfy { $0.hasPrefix("PROPFIND ") })
    }

    @Test func typedFormsOfAServerBecomeURLs() throws {
        #expect(CalDAVPath.completed("cloud.example.org") == "https://cloud.example.org")
        #expect(CalDAVPath.completed(" me@host/remote.php/dav ") == "https://me@host/remote.php/dav")
        #expect(CalDAVPath.completed("http://127.0.0.1:5232/") == "http://127.0.0.1:5232/")
        let path = try CalDAVPath("https://host/dav/tasks/")
        #expect(TodoSync.url("https://me:pw@host/", at: path) == "https://me:pw@host/dav/tasks/")
        #expect(TodoSync.url("https://host/", at: path) == "https://host/dav/tasks/")
    }
}
