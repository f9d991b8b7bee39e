import ErrandDomain
import ErrandHelpers
import ErrandStorage
import FoundationEssentials

/// `sync todos` as the shell runs it: credentials from the URL or the netrc file, one request
/// helper for the whole sync, the engine, and the one line it ends with.
public struct TodoSync: Sendable {
    public var fetchHelperPath: String?
    /// $NETRC, else ~/.netrc.
    public var netrcPath: String?
    /// Per request: the idle limit (nothing moved either way) and the total one (a server
    /// trickling a byte now and then).
    public var limits: FetchLimits
    /// Seconds for the whole sync, every request together.
    public var syncLimit: Double
    /// Told how far a pull in pieces is (the list, members applied, members to apply): a
    /// first sync of a large list at a terminal says where it is.
    public var progress: (@Sendable (_ list: String, _ done: Int, _ total: Int) -> Void)?

    /// The same while a list is joined (a list never synced yet): a server's first answer about
    /// a large collection may come after minutes of reading it (Radicale 3.1.8 took 176 s for
    /// its first read of 100,000 items and more for their first sync-token, silent all along),
    /// and a first sync that fails at the idle limit can never be made at all.
    public var joinLimits: FetchLimits
    public var joinSyncLimit: Double

    public static let standardLimits = FetchLimits(maxBytes: 64 << 20, idleTimeout: 30, totalTimeout: 120)
    public static let standardJoinLimits = FetchLimits(maxBytes: 64 << 20, idleTimeout: 600, totalTimeout: 900)

    /// 30 s idle and 120 s per request; 15 minutes per sync (a first upload of 10,000 items to
    /// Radicale takes about 4). Joining: 10 minutes idle and 15 per request, an hour per sync.
    /// Limits given without join limits hold for joins too (a caller who chose them meant them).
    public init(fetchHelperPath: String? = nil, netrcPath: String? = nil, limits: FetchLimits = TodoSync.standardLimits,
                syncLimit: Double = 900, joinLimits: FetchLimits? = nil, joinSyncLimit: Double? = nil) {
        self.fetchHelperPath = fetchHelperPath
        self.netrcPath = netrcPath
        self.limits = limits
        self.syncLimit = syncLimit
        let standard = limits == TodoSync.standardLimits && syncLimit == 900
        self.joinLimits = joinLimits ?? (standard ? TodoSync.standardJoinLimits : limits)
        self.joinSyncLimit = joinSyncLimit ?? (standard ? 3600 : syncLimit)
    }

    /// Whether this sync joins a list: the store's remote, or one of its lists, never synced.
    static func joins(_ store: some ItemStore, lists: [SyncList]) throws -> Bool {
        guard let stored = try store.syncRemote(), stored.lastSync != nil else { return true }
        return lists.contains { $0.remote.lastSync == nil }
    }

    /// The URL as the store keeps it: the user stays, a password never.
    public static func kept(_ url: String) -> String { Secrets.withoutPasswords(url) }

    /// Syncs with the collection `url` names, or, when it names a server or an account rather
    /// than a collection, with the one task list discovery finds there (the store then keeps
    /// that list's URL; several are a line each for the user to choose from, unless one is
    /// the store's main list already). Then each list that syncs with a collection of its own
    /// (SyncList), in the same run and through the same helper: one failing (404, 403, a
    /// timeout) is noted on it and named in the line, and the others go on; the line is then
    /// the error, so a script sees the failure. A move between two synced lists whose DELETE
    /// waited for the other list's PUT (SyncEngine.pendingWork) is finished by a second round
    /// of the lists left with work.
    public func run(_ store: some ItemStore, url typed: String, codec: VTODOCodec,
                    now: @escaping () -> Date) throws -> (line: String, outcome: SyncOutcome) {
        let url = CalDAVPath.completed(typed)
        let path = try CalDAVPath(url)
        let joined = try store.readRecords { try $0.syncLists() }
        let joining = try TodoSync.joins(store, lists: joined)
        let helper = DAVHelper(helperPath: fetchHelperPath, limits: joining ? joinLimits : limits,
                               syncLimit: joining ? joinSyncLimit : syncLimit, credentials: credentials(url))
        defer { helper.close() }
        // Each list synced: what its line starts with, its name in the line, what it did.
        var done: [(note: String, display: String, outcome: SyncOutcome, engine: SyncEngine)] = []
        var failed: [String] = []
        // Items moved between lists by MOVE before the lists synced (ListMove).
        var moved = 0
        do {
            let stored = try store.syncRemote()
            let (client, found, list) = try TodoSync.target(url, path, helper, known: stored?.url)
            if !joined.isEmpty {
                let collections = [ListMove.Collection(list: nil, path: client.collection)]
                    + joined.compactMap { list in (try? CalDAVPath(list.remote.url)).map { ListMove.Collection(list: list, path: $0) } }
                moved = try ListMove(transport: helper).run(store, collections)
            }
            let listURL = list.map { TodoSync.url(url, at: $0.path) } ?? url
            var engine = SyncEngine(client: client, codec: codec, remoteURL: TodoSync.kept(listURL), now: now)
            // A list found by discovery is named as its owner named it (its path may be a UUID).
            engine.name = list?.name ?? (stored?.url == TodoSync.kept(listURL) ? stored?.name : nil)
            let shown = engine.name ?? client.collection.display
            engine.progress = progress.map { report in { report(shown, $0, $1) } }
            try TodoSync.gather(store, into: ListNames.mainName(of: SyncRemote(url: engine.remoteURL, name: engine.name), session: nil),
                                besides: joined)
            let outcome = try engine.run(store, found: found)
            let note = list.map { "found the task list \"\($0.name)\" (\(Secrets.redacted(TodoSync.kept(listURL)))); " } ?? ""
            done.append((note, engine.name.map { "\($0)@\(path.host)" } ?? client.collection.display, outcome, engine))
        } catch {
            TodoSync.noteFailure(error, of: TodoSync.kept(url), in: store, at: now())
            guard !joined.isEmpty else { throw error }
            let main = ListNames.mainName(of: (try? store.syncRemote()) ?? nil, session: TodoSync.kept(url))
            failed.append("\(main)@\(path.host) failed: \(error)")
        }
        for list in joined {
            let display = "\(list.name)@\(path.host)"
            do {
                var engine = try TodoSync.engine(for: list, helper, codec: codec, now: now)
                engine.progress = progress.map { report in { report(list.name, $0, $1) } }
                done.append(("", display, try engine.run(store), engine))
            } catch {
                TodoSync.noteFailure(error, of: list, in: store, at: now())
                failed.append("\(display) failed: \(error)")
            }
        }
        if done.count > 1 {
            for index in done.indices where try done[index].engine.hasWork(store) {
                do {
                    done[index].outcome.add(try done[index].engine.run(store))
                } catch {
                    failed.append("\(done[index].display) failed: \(error)")
                }
            }
        }
        var total = SyncOutcome()
        for one in done { total.add(one.outcome) }
        total.sent += moved
        let movedNote = moved == 0 ? [] : ["\(moved == 1 ? "1 item" : "\(moved) items") moved to \(moved == 1 ? "its" : "their") new list on the server"]
        let line = (done.map { $0.note + $0.outcome.line($0.display) } + movedNote + failed).joined(separator: "; ")
        if !failed.isEmpty { throw SyncError.someListsFailed(line: Secrets.redacted(line)) }
        return (line, total)
    }

    /// Items that carry the main list's name (made here under it before the main list took
    /// it: a local list, then a remote whose collection is called so) are the main list's, as
    /// `lists` and `use` already count them: they carry no list from now on, so the main
    /// list's sync sends them rather than none of its own ever doing so. A joined list of that
    /// name keeps its items (they are its own, sent by its sync).
    ///
    /// Through the records alone, as the rest of the sync reads and writes, and writing nothing
    /// when no item is called so (a sync with nothing to do stays a read).
    static func gather(_ store: some ItemStore, into main: String, besides joined: [SyncList]) throws {
        let key = ItemField.key(main)
        // The items of a list that syncs with no collection, none of them known to one.
        guard !joined.contains(where: { $0.key == key }), try !store.readRecords({ try $0.unsyncedListItemIDs(key) }).isEmpty
        else { return }
        try store.changeItems { records in
            for id in try records.unsyncedListItemIDs(key) {
                guard var item = try records.item(id: id), item.list.map(ItemField.key) == key else { continue }
                item.list = nil
                try records.update(item)
            }
        }
    }

    /// The engine of a joined list: its collection, on the main list's server (discovery
    /// keeps no collection of another host), through the same helper and credentials.
    static func engine(for list: SyncList, _ transport: DAVTransport, codec: VTODOCodec,
                       now: @escaping () -> Date) throws(SyncError) -> SyncEngine {
        let path = try CalDAVPath(list.remote.url)
        var engine = SyncEngine(client: CalDAVClient(collection: path, transport: transport), codec: codec,
                                remoteURL: list.remote.url, now: now)
        engine.list = list
        engine.name = list.name
        return engine
    }

    /// The task lists `url` leads to: itself when it is one, else those discovery finds.
    public func taskLists(_ typed: String) throws(SyncError) -> [TaskList] {
        let url = CalDAVPath.completed(typed)
        let path = try CalDAVPath(url)
        let helper = DAVHelper(helperPath: fetchHelperPath, limits: limits, syncLimit: syncLimit, credentials: credentials(url))
        defer { helper.close() }
        do {
            let (client, _) = try TodoSync.collection(at: path, helper)
            return [TaskList(path: client.collection, displayName: nil)]
        } catch {
            guard TodoSync.leadsElsewhere(error, from: path) else { throw error }
            return try TodoSync.discovered(url, helper, else: error)
        }
    }

    /// The lists discovery finds from `url`; where it finds no account at all, the URL's own
    /// failure, which says more of a mistyped collection than "no principal" would.
    static func discovered(_ url: String, _ transport: DAVTransport, else own: SyncError) throws(SyncError) -> [TaskList] {
        do {
            return try CalDAVDiscovery(url: url, transport: transport).taskLists()
        } catch {
            if case .noPrincipal = error, (try? CalDAVPath(url))?.path != "/" { throw own }
            throw error
        }
    }

    /// The list's URL with the user (and password, for this session only) of the URL typed.
    public static func url(_ typed: String, at path: CalDAVPath) -> String {
        guard let parts = URLComponents(string: typed), let user = parts.percentEncodedUser else { return path.url }
        let password = parts.percentEncodedPassword.map { ":" + $0 } ?? ""
        let scheme = path.origin.prefix { $0 != ":" }
        return scheme + "://" + user + password + "@" + path.origin.dropFirst(scheme.count + 3) + path.path
    }

    /// The collection to sync and what its PROPFIND said, and the list discovery chose when
    /// `url` was not a collection itself.
    /// `known`: the store's main list; among several lists, that one is the target.
    static func target(_ url: String, _ path: CalDAVPath, _ transport: DAVTransport, known: String? = nil) throws(SyncError)
        -> (CalDAVClient, CalDAVCollection, TaskList?) {
        let lists: [TaskList]
        do {
            let (client, collection) = try TodoSync.collection(at: path, transport)
            return (client, collection, client.collection == path ? nil : TaskList(path: client.collection, displayName: nil))
        } catch {
            guard TodoSync.leadsElsewhere(error, from: path) else { throw error }
            lists = try TodoSync.discovered(url, transport, else: error)
        }
        let main = lists.first { TodoSync.kept(TodoSync.url(url, at: $0.path)) == known }
        guard let list = lists.count == 1 ? lists.first : main else {
            throw .severalTaskLists(host: path.host, lists: lists.map(\.line))
        }
        let chosen = CalDAVClient(collection: list.path, transport: transport)
        return (chosen, try chosen.discover(), list)
    }

    /// A reply to the collection's PROPFIND that says "not a collection here" (a server's root,
    /// a principal, a web page answered 200, a redirect), rather than a failure discovery would
    /// meet too. A URL with a path of its own that is refused (403) or not found (404) is the
    /// user's collection, or a mistyped one: said so, never replaced by whatever list discovery
    /// would find (Cyrus answers 403 for another user's calendar, and discovery then synced
    /// the user's own default list under that URL). From a root (`/`, `/.well-known/caldav`),
    /// where discovery is what was asked, a refusal or a server error moves on to it.
    static func leadsElsewhere(_ error: SyncError, from path: CalDAVPath) -> Bool {
        let root = isRoot(path)
        switch error {
        case .notATaskCollection, .malformed: return true
        case let .status(_, _, code, _, _):
            if [200, 300, 301, 302, 303, 307, 308, 400, 405].contains(code) { return true }
            return root && ([403, 404].contains(code) || (500...599).contains(code))
        default: return false
        }
    }

    /// A server's root or its well-known CalDAV path: where discovery is what was asked.
    static func isRoot(_ path: CalDAVPath) -> Bool {
        ["/", "/.well-known/caldav/"].contains(path.path)
    }

    /// The collection at `path`, a redirect on the same origin followed: what the final URL
    /// answers is the answer (Cyrus sends another user's calendar to a path under the user's
    /// own, which then answers 404 or 403). From a root a redirect is discovery's to follow.
    static func collection(at path: CalDAVPath, _ transport: DAVTransport) throws(SyncError) -> (CalDAVClient, CalDAVCollection) {
        var current = path
        for _ in 0...CalDAVDiscovery.redirectLimit {
            let client = CalDAVClient(collection: current, transport: transport)
            do {
                return (client, try client.discover())
            } catch {
                guard !isRoot(path), case let .status(_, _, code, location?, _) = error, [301, 302, 303, 307, 308].contains(code)
                else { throw error }
                let target = location.hasPrefix("/") ? current.origin + location : location
                guard let next = try? CalDAVPath(target), next.origin == current.origin else {
                    throw .redirectedElsewhere(url: path.display, to: TextSafety.neutralised(String(location.prefix(100))))
                }
                current = next
            }
        }
        throw .noTaskList(host: path.host, reason: "it redirected more than \(CalDAVDiscovery.redirectLimit) times; give the final URL")
    }

    /// Keeps the failure's line and time for `remote`, beside the last good sync, when the
    /// store already syncs with this URL (a first sync that fails leaves no trace: the remote is
    /// only remembered once a sync worked). Nothing else changes; a store that cannot take even
    /// this (full disk, locked) keeps the error the user is already shown.
    static func noteFailure(_ error: any Error, of url: String, in store: some ItemStore, at time: Date) {
        let line = Secrets.redacted(String(describing: error))
        _ = try? store.updateSyncRemote { remote in
            guard remote.url == url else { return false }
            remote.lastFailureAt = time
            remote.lastFailure = line
            return true
        }
    }

    /// The same for a joined list, on its own record.
    static func noteFailure(_ error: any Error, of list: SyncList, in store: some ItemStore, at time: Date) {
        _ = try? store.changeItems { records in
            guard var kept = try records.syncLists().first(where: { $0.key == list.key }) else { return }
            kept.remote.lastFailureAt = time
            kept.remote.lastFailure = Secrets.redacted(String(describing: error))
            try records.putSyncList(kept)
        }
    }

    /// User and password: the URL's own, else the netrc entry for its host.
    func credentials(_ url: String) -> (user: String, password: String)? {
        guard let parts = URLComponents(string: url), let host = parts.host else { return nil }
        if let user = parts.user, let password = parts.password, !password.isEmpty { return (user, password) }
        guard let path = netrcPath, let netrc = Netrc(path: path),
              let entry = netrc.entry(host: host, user: parts.user), let password = entry.password else { return nil }
        return (parts.user ?? entry.login ?? "", password)
    }
}
