import ErrandDomain
import ErrandHelpers
import ErrandStorage
@testable import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Real servers' quirks (issue 24), each from a collection of our own behaving that way, on
/// both store backends: the sync still converges, or says in one line why it cannot.
@Suite(.serialized, .tags(.server, .process), .fullLane) struct QuirkBatteryTests {
    final class Run {
        let folder = NSTemporaryDirectory() + "errand-quirk-" + UUID().uuidString
        let store: ErrandStore
        let server: QuirkyCalDAV
        var clock = Date(timeIntervalSince1970: 1_790_000_000)

        init(_ backend: StoreBackend, _ quirks: QuirkyCalDAV.Quirks) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try StoreOpener.open(path: folder + "/s." + (backend == .plist ? "plist" : "sqlite"), backend: backend)
            server = try QuirkyCalDAV(quirks)
        }

        func remove() {
            store.close()
            server.server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }

        func tick() -> Date {
            clock += 60
            return clock
        }

        @discardableResult
        func sync() throws -> (line: String, outcome: SyncOutcome) {
            let now = tick()
            return try TodoSync().run(store, url: server.url, codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")),
                                      now: { now })
        }

        /// Member `phone-N`, "Phone N", as another client puts it.
        func phone(_ n: Int) {
            server.store("phone-\(n).ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:phone-\(n)\r\n"
                + "DTSTAMP:20260101T000000Z\r\nSUMMARY:Phone \(n)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        }

        @discardableResult
        func add(_ title: String) throws -> TodoItem {
            try store.add(TodoItem(id: UUID(), title: title, due: nil, created: tick()))
        }

        func rename(_ title: String, to new: String) throws {
            let item = try #require(try store.allItems().first { $0.title == title })
            var renamed = item
            renamed.title = new
            _ = try store.edit(renamed, expecting: item, at: tick())
        }

        var summaries: [String] {
            server.texts.values.compactMap { text in
                text.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
            }.sorted()
        }
    }

    static let backends: [StoreBackend] = [.sqlite, .plist]

    /// Create, edit and delete reach a server whose ETags cannot guard a write, and no weak
    /// tag is ever sent in If-Match.
    @Test(arguments: ["weak", "missing", "perRead"], backends)
    func editsAndDeletesReachAServerWhoseETagsCannotGuard(_ kind: String, _ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.weakETags = kind == "weak"
        quirks.noETags = kind == "missing"
        quirks.etagPerRead = kind == "perRead"
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        try run.add("Milk")
        #expect(try run.sync().outcome.sent == 2)
        try run.rename("Dentist", to: "Dentist at 9")
        let edited = try run.sync()
        #expect(edited.outcome.sent == 1, "\(edited.line)")
        #expect(run.summaries == ["Dentist at 9", "Milk"])
        let milk = try #require(try run.store.allItems().first { $0.title == "Milk" })
        _ = try run.store.delete(id: milk.id, expecting: milk)
        try run.sync()
        #expect(run.summaries == ["Dentist at 9"])
        // Another client's edit still reaches us, and ours after it goes back.
        let (path, text) = try #require(run.server.texts.first)
        run.server.store(String(path.dropFirst(run.server.collection.count)), text.replacingOccurrences(of: "SUMMARY:Dentist at 9", with: "SUMMARY:Dentist at 10"))
        try run.sync()
        #expect(try run.store.allItems().map(\.title) == ["Dentist at 10"])
        #expect(run.server.seen.allSatisfy { !($0.ifMatch ?? "").hasPrefix("W/") }, "\(run.server.seen.compactMap(\.ifMatch))")
        #expect(try run.sync().outcome.sent == 0)
    }

    /// Nextcloud's 418 for an expired token is a token to forget: the collection is listed.
    @Test(arguments: backends)
    func a418ForTheTokenListsTheCollection(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.syncCollection = true
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        try run.sync()
        run.server.quirks.expireTokens = true
        run.server.store("phone.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:phone-1\r\n"
            + "DTSTAMP:20260101T000000Z\r\nSUMMARY:From the phone\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        let after = try run.sync()
        #expect(after.outcome.received == 1, "\(after.line)")
        #expect(try run.store.allItems().map(\.title).sorted() == ["Dentist", "From the phone"])
    }

    /// Issue 43, 3: a sync-collection answer cut short (a 507 for the collection and a token
    /// for the part sent, RFC 6578 §3.6) is asked again from that token until it is whole, in
    /// the same sync: every member arrives, on a first sync and after one.
    @Test(arguments: backends)
    func aTruncatedSyncAnswerIsFollowedToItsEnd(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.syncCollection = true
        quirks.truncateAt = 3
        let run = try Run(backend, quirks)
        defer { run.remove() }
        for n in 1...4 { run.phone(n) }
        // Joining lists and fetches by one calendar-query: no sync-collection to cut short.
        let first = try run.sync()
        #expect(first.outcome.received == 4, "\(first.line)")
        #expect(run.server.seen.filter { $0.method == "REPORT" }.count == 1)
        for n in 5...12 { run.phone(n) }
        let before = run.server.seen.count
        let second = try run.sync()
        #expect(second.outcome.received == 8, "\(second.line)")
        // Three parts of three, three and two: three sync-collection REPORTs, each from the
        // token before, then the multiget of the eight.
        #expect(run.server.seen.dropFirst(before).filter { $0.method == "REPORT" }.count >= 4)
        for n in 13...16 { run.phone(n) }
        let third = try run.sync()
        #expect(third.outcome.received == 4, "\(third.line)")
        #expect(try run.store.allItems().count == 16)
    }

    /// Issue 43, 3: each sync-collection REPORT asks for at most CalDAVClient.changeLimit
    /// changes (DAV:limit): a server that honours it answers in parts with a 507 each, followed
    /// to the end; one that refuses a limit (500, Nextcloud) is asked again without; one that
    /// cuts at the limit without a 507 and with its latest token (sabre/dav before #1248) is
    /// asked again without a limit, so nothing past the cut is lost; one that ignores it
    /// (Radicale, Xandikos) is asked once.
    @Test(arguments: ["honours", "refuses", "cuts silently", "ignores"], backends)
    func aLimitIsAskedAndEveryServersAnswerToItEndsWhole(_ server: String, _ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.syncCollection = true
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        try run.sync()
        switch server {
        case "honours": run.server.quirks.honoursLimit = true
        case "refuses": run.server.quirks.refusesLimit = true
        case "cuts silently": run.server.quirks.cutsAtLimitSilently = true
        default: break
        }
        let limit = CalDAVClient.standardChangeLimit
        let count = limit + limit / 5
        for n in 1...count { run.phone(n) }
        let asked = run.server.limits.count
        let result = try run.sync()
        #expect(result.outcome.received == count, "\(result.line)")
        #expect(try run.store.allItems().count == count + 1)
        let limits = Array(run.server.limits.dropFirst(asked))
        switch server {
        case "honours": #expect(limits == [limit, limit], "two parts, the second from the first's token")
        // Radicale and Xandikos answer every change whatever the limit: one request, as before.
        case "ignores": #expect(limits == [limit], "one answer, whole")
        default: #expect(limits == [limit, nil], "asked again without a limit")
        }
    }

    /// A server that answers 507 with the token it was asked with can never finish: one line,
    /// and nothing of its partial answer is kept.
    @Test(arguments: backends)
    func aTruncationThatNeverMovesOnIsAnError(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.syncCollection = true
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        try run.sync()
        run.server.quirks.truncateAt = 1
        run.server.quirks.truncateWithSameToken = true
        for n in 1...3 { run.phone(n) }
        #expect {
            try run.sync()
        } throws: { error in
            "\(error)".contains("cut short (507) but gave no new sync-token")
        }
        #expect(try run.store.allItems().map(\.title) == ["Dentist"])
    }

    @Test(arguments: [429, 503], backends)
    func aShortRetryAfterIsWaitedFor(_ status: Int, _ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.busy = 1
        quirks.busyStatus = status
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        #expect(try run.sync().outcome.sent == 1)
        // The refused PROPFIND was asked again.
        #expect(run.server.seen.prefix(2).map(\.method) == ["PROPFIND", "PROPFIND"])
    }

    /// Retry-After may be a date: one already past is no wait, one far ahead is one line.
    @Test(arguments: backends)
    func aRetryAfterDateIsReadAsAWait(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.busy = 1
        quirks.retryAfter = "Sun, 06 Nov 1994 08:49:37 GMT"
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        #expect(try run.sync().outcome.sent == 1)
        #expect(run.server.seen.prefix(2).map(\.method) == ["PROPFIND", "PROPFIND"])
        run.server.quirks.busy = 1
        run.server.quirks.retryAfter = "Fri, 31 Dec 9999 23:59:59 GMT"
        try run.add("Baker")
        #expect {
            try run.sync()
        } throws: { error in
            "\(error)".contains("asks to wait more than a year") && !"\(error)".contains("\n")
        }
        #expect(try run.sync().outcome.sent == 1)
    }

    @Test(arguments: backends)
    func aLongRetryAfterIsOneLineAndNothingIsLost(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.busy = 1
        quirks.retryAfter = "300"
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        #expect {
            try run.sync()
        } throws: { error in
            "\(error)".contains("asks to wait 5 min") && !"\(error)".contains("\n") && !"\(error)".contains("pa55word")
        }
        #expect(run.server.seen.count == 1)
        #expect(try run.sync().outcome.sent == 1)
    }

    /// A PUT refused: one line saying why; what was not stored stays to send, and goes once
    /// the server takes it. 507: no room. Issue 43: a 403 naming its precondition says which
    /// and what to do (Cyrus refuses a UID the account keeps in another calendar), never
    /// "access refused".
    static var refusals: [(quirk: WritableKeyPath<QuirkyCalDAV.Quirks, Bool>, line: String)] {
        [(\.full, "HTTP 507: the server has no room left"),
         (\.uidHeldElsewhere, "answered PUT with HTTP 403 (unique-scheduling-object-resource): the server keeps one copy "
            + "of a task per account and this UID is in another of its calendars; `move` the item")]
    }

    @Test(arguments: backends, [0, 1])
    func aRefusedPutIsOneLineAndTheItemIsSentLater(_ backend: StoreBackend, refusal: Int) throws {
        let (quirk, expected) = Self.refusals[refusal]
        var quirks = QuirkyCalDAV.Quirks()
        quirks[keyPath: quirk] = true
        let run = try Run(backend, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        #expect {
            try run.sync()
        } throws: { error in
            "\(error)".contains(expected) && !"\(error)".contains("access refused") && !"\(error)".contains("\n")
        }
        #expect(try run.store.allItems().map(\.title) == ["Dentist"])
        run.server.quirks[keyPath: quirk] = false
        #expect(try run.sync().outcome.sent == 1)
        #expect(run.summaries == ["Dentist"])
    }

    /// A first sync of 250 members straight through the engine, 100 applied at a time, with
    /// what its progress said.
    final class Pieces {
        let helper = DAVHelper(limits: FetchLimits(maxBytes: 8 << 20, idleTimeout: 10, totalTimeout: 60), credentials: ("me", "pa55word"))
        var engine: SyncEngine
        var reports: [[Int]] = []

        init(_ run: Run) throws {
            for i in 0..<250 {
                run.server.store("m\(i).ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\nUID:m\(i)\r\n"
                                    + "DTSTAMP:20261128T071500Z\r\nSUMMARY:Member \(i)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
            }
            let client = CalDAVClient(collection: try CalDAVPath(run.server.url), transport: helper)
            engine = SyncEngine(client: client, codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")),
                                remoteURL: TodoSync.kept(run.server.url), now: { run.clock })
            engine.piece = 100
            engine.progress = { [unowned self] in reports.append([$0, $1]) }
        }
    }

    /// Issue 43, 6: a first sync the server cannot answer in one calendar-query (a 500, as a
    /// PHP server past max_execution_time) is fetched in pieces by multiget, each applied as it
    /// comes; a failure midway keeps the pieces that came, and the next sync fetches only the
    /// rest, then keeps the token.
    @Test(arguments: backends)
    func aFirstSyncTooLargeForOneQueryComesInPiecesAndResumes(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.failsQueriesWithData = true
        quirks.multigetsAnswered = 2
        quirks.syncCollection = true
        let run = try Run(backend, quirks)
        defer { run.remove() }
        let pieces = try Pieces(run)
        defer { pieces.helper.close() }
        #expect {
            try pieces.engine.run(run.store)
        } throws: { error in
            "\(error)".contains("HTTP 500") && !"\(error)".contains("\n")
        }
        // Two pieces came (two multigets answered), the third failed: those two are kept. The
        // progress said each, and then the end (which erases the line).
        #expect(try run.store.allItems().count == 200)
        #expect(pieces.reports == [[100, 250], [200, 250], [250, 250]])
        #expect(try run.store.syncRemote()?.token == nil)
        let before = run.server.seen.count
        run.server.quirks.multigetsAnswered = nil
        #expect(try pieces.engine.run(run.store).received == 50)
        #expect(pieces.reports.count == 3, "one piece: no progress line")
        #expect(try run.store.allItems().count == 250)
        #expect(try run.store.syncRemote()?.token != nil)
        // The rest in one multiget: a sync-collection to list, one multiget, no calendar-query.
        #expect(run.server.seen.dropFirst(before).map(\.method) == ["PROPFIND", "REPORT", "REPORT"])
        #expect(try pieces.engine.run(run.store).received == 0)
    }

    /// A first sync the server answers in one calendar-query is applied a piece at a time all
    /// the same (each piece's transactions its own, the progress said), with no multiget and no
    /// listing before it: the PROPFIND and the one query (bench figure 11: listing 100,000
    /// members took Radicale 64 s).
    @Test(arguments: backends)
    func aFirstSyncInOneQueryIsAppliedInPieces(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.syncCollection = true
        quirks.multigetsAnswered = 0
        let run = try Run(backend, quirks)
        defer { run.remove() }
        let pieces = try Pieces(run)
        defer { pieces.helper.close() }
        #expect(try pieces.engine.run(run.store).received == 250)
        #expect(pieces.reports == [[100, 250], [200, 250], [250, 250]])
        #expect(run.server.seen.map(\.method) == ["PROPFIND", "REPORT"])
        #expect(try run.store.syncRemote()?.token != nil)
    }

    /// `undo` of a delete brings the item back with its UID, which Nextcloud's trash bin
    /// refuses: it goes under a new UID, and the line says so.
    @Test(arguments: backends)
    func undoOfADeleteWhoseUIDIsRefusedSendsANewUID(_ backend: StoreBackend) throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.refusesDeletedUIDs = true
        let run = try Run(backend, quirks)
        defer { run.remove() }
        let item = try run.add("Dentist")
        try run.sync()
        _ = try run.store.delete(id: item.id, expecting: item, journaled: JournalContext(command: "delete 1", time: run.tick()))
        try run.sync()
        #expect(run.server.texts.isEmpty)
        #expect(try run.store.apply(.undo) != nil)
        let back = try run.sync()
        #expect(back.line.contains("1 item sent under a new UID") && back.line.contains("\"Dentist\""), "\(back.line)")
        #expect(run.summaries == ["Dentist"])
        let uid = try #require(try run.store.allItems().first?.uid)
        #expect(uid != item.uid)
        #expect(run.server.texts.values.first?.contains("UID:\(uid)") == true)
        #expect(try run.sync().outcome.sent == 0)
    }

    /// A collection URL that answers 207 while the server's /.well-known/caldav is 404: used as
    /// it is, the well-known never asked.
    /// A list never synced is joined with the join's limits (minutes of a server's silence:
    /// Radicale reads 100,000 members for 176 s before its first answer, bench figure 11);
    /// once synced, a list is held to the ordinary ones, and a list of the store never synced
    /// makes the whole sync a join again.
    @Test(arguments: backends)
    func onlyAListNeverSyncedIsWaitedForAsAJoin(_ backend: StoreBackend) throws {
        let run = try Run(backend, QuirkyCalDAV.Quirks())
        defer { run.remove() }
        #expect(try TodoSync.joins(run.store, lists: []))
        try run.add("Milk")
        try run.sync()
        #expect(try !TodoSync.joins(run.store, lists: []))
        let never = SyncList(name: "Work", remote: SyncRemote(url: run.server.url + "work/"))
        #expect(try TodoSync.joins(run.store, lists: [never]))
        let synced = SyncList(name: "Home", remote: SyncRemote(url: run.server.url + "home/", lastSync: run.tick()))
        #expect(try !TodoSync.joins(run.store, lists: [synced]))
        #expect(TodoSync().joinLimits.idleTimeout >= 10 * TodoSync().limits.idleTimeout)
    }

    @Test func aCollectionWorksWhenTheWellKnownIs404() throws {
        let run = try Run(.sqlite, QuirkyCalDAV.Quirks())
        defer { run.remove() }
        try run.add("Dentist")
        #expect(try run.sync().outcome.sent == 1)
        #expect(!run.server.server.requests.contains { $0.path.hasPrefix("/.well-known") })
    }

    /// A collection without supported-calendar-component-set takes tasks (RFC 4791 §5.2.3).
    @Test func aCollectionWithoutAComponentSetIsTried() throws {
        var quirks = QuirkyCalDAV.Quirks()
        quirks.components = nil
        let run = try Run(.sqlite, quirks)
        defer { run.remove() }
        try run.add("Dentist")
        #expect(try run.sync().outcome.sent == 1)
    }
}

/// Only a refusal that says the UID is taken sends an item again under a new UID.
@Suite(.tags(.server, .process), .fullLane)
struct UIDRefusalTests {
    @Test func onlyATakenUIDIsAReasonForANewOne() {
        #expect(SyncRecorder.refusesUID(Array("Deleted calendar object with uid already exists in this calendar collection.".utf8)))
        #expect(SyncRecorder.refusesUID(Array("<d:error><c:no-uid-conflict><d:href>/x.ics</d:href></c:no-uid-conflict></d:error>".utf8)))
        #expect(!SyncRecorder.refusesUID(Array("This calendar is read-only: cannot write uid 1234".utf8)))
        #expect(!SyncRecorder.refusesUID(Array("Bad request".utf8)))
    }
}
