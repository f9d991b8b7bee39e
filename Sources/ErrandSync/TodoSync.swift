import ErrandCatalogue
import ErrandDomain
import ErrandStorage
import FoundationEssentials

/// `sync todos` as the shell runs it: credentials from the URL or the netrc file, one request
/// helper for the whole sync, the engine, and the one line it ends with.
public struct TodoSync: Sendable {
    public var fetchHelperPath: String?
    /// $NETRC, else ~/.netrc.
    public var netrcPath: String?
    public var limits: FetchLimits

    public init(fetchHelperPath: String? = nil, netrcPath: String? = nil,
                limits: FetchLimits = FetchLimits(maxBytes: 64 << 20, idleTimeout: 30, totalTimeout: 300)) {
        self.fetchHelperPath = fetchHelperPath
        self.netrcPath = netrcPath
        self.limits = limits
    }

    /// The URL as the store keeps it: the user stays, a password never.
    public static func kept(_ url: String) -> String { Secrets.withoutPasswords(url) }

    public func run(_ store: some ItemStore, url: String, codec: VTODOCodec,
                    now: @escaping () -> Date) throws -> (line: String, outcome: SyncOutcome) {
        let path = try CalDAVPath(url)
        let helper = DAVHelper(helperPath: fetchHelperPath, limits: limits, credentials: credentials(url))
        defer { helper.close() }
        let client = CalDAVClient(collection: path, transport: helper)
        let engine = SyncEngine(client: client, codec: codec, remoteURL: TodoSync.kept(url), now: now)
        let outcome = try engine.run(store)
        return (outcome.line(path.display), outcome)
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
