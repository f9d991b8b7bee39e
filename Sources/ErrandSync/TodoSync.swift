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

    /// 30 s idle and 120 s per request; 15 minutes per sync (a first upload of 10,000 items to
    /// Radicale takes about 4).
    public init(fetchHelperPath: String? = nil, netrcPath: String? = nil,
                limits: FetchLimits = FetchLimits(maxBytes: 64 << 20, idleTimeout: 30, totalTimeout: 120),
                syncLimit: Double = 900) {
        self.fetchHelperPath = fetchHelperPath
        self.netrcPath = netrcPath
        self.limits = limits
        self.syncLimit = syncLimit
    }

    /// The URL as the store keeps it: the user stays, a password never.
    public static func kept(_ url: String) -> String { Secrets.withoutPasswords(url) }

    public func run(_ store: some ItemStore, url: String, codec: VTODOCodec,
                    now: @escaping () -> Date) throws -> (line: String, outcome: SyncOutcome) {
        let path = try CalDAVPath(url)
        let helper = DAVHelper(helperPath: fetchHelperPath, limits: limits, syncLimit: syncLimit,
                               credentials: credentials(url))
        defer { helper.close() }
        let client = CalDAVClient(collection: path, transport: helper)
        let engine = SyncEngine(client: client, codec: codec, remoteURL: TodoSync.kept(url), now: now)
        do {
            let outcome = try engine.run(store)
            return (outcome.line(path.display), outcome)
        } catch {
            TodoSync.noteFailure(error, of: TodoSync.kept(url), in: store, at: now())
            throw error
        }
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

    /// User and password: the URL's own, else the netrc entry for its host.
    func credentials(_ url: String) -> (user: String, password: String)? {
        guard let parts = URLComponents(string: url), let host = parts.host else { return nil }
        if let user = parts.user, let password = parts.password, !password.isEmpty { return (user, password) }
        guard let path = netrcPath, let netrc = Netrc(path: path),
              let entry = netrc.entry(host: host, user: parts.user), let password = entry.password else { return nil }
        return (parts.user ?? entry.login ?? "", password)
    }
}
