import ErrandDomain
import ErrandStorage
import ErrandSync

/// `remote --all`, `--join NAME`, `--leave NAME`: more of the server's task lists as lists of
/// the store, each syncing with its own collection (SyncList) in the same `sync todos`.
extension Remote {
    /// Every task list of the server: the main list keeps its collection when it is one of
    /// them (else the first found becomes it), the others join, named after their display
    /// names. A line per list says what became of it.
    func joinAll(_ c: inout CommandContext) throws -> Display {
        let (url, lists) = try Remote.taskLists(try typed ?? Remote.serverRoot(c), c)
        let urls = lists.map { TodoSync.kept(TodoSync.url(url, at: $0.path)) }
        let known = try c.store.syncRemote()?.url
        guard let mainURL = urls.first(where: { $0 == known }) ?? urls.first else {
            throw ShellError.failed("found no task list on \((try? CalDAVPath(url))?.host ?? url); nothing was stored")
        }
        var lines: [String] = []
        try c.commit(saved: Remote.saved) { environment in
            let store = environment.store
            if mainURL != known { try Remote.setMain(mainURL, store) }
            let found = zip(lists, urls).first { $0.1 == mainURL }?.0.name
            try store.updateSyncRemote { remote in
                guard remote.name == nil, let found else { return false }
                remote.name = found
                return true
            }
            let main = ListNames.mainName(of: try store.syncRemote(), session: nil)
            var joined = try store.syncLists()
            for (list, listURL) in zip(lists, urls) {
                if listURL == mainURL {
                    lines.append("\"\(list.name)\": the main list \(main), \(Secrets.redacted(listURL))")
                } else if let already = joined.first(where: { $0.remote.url == listURL }) {
                    lines.append("\"\(list.name)\": the list \(already.name), syncing already, \(Secrets.redacted(listURL))")
                } else {
                    let name = ListNames.joined(list.name, taken: [main] + joined.map(\.name))
                    let added = SyncList(name: name, remote: SyncRemote(url: listURL))
                    try store.putSyncList(added)
                    joined.append(added)
                    lines.append("\"\(list.name)\": the list \(name), joined, \(Secrets.redacted(listURL))")
                }
            }
        }
        lines.append("sync todos exchanges with all \(lists.count == 1 ? "1 list" : "\(lists.count) lists") in one run")
        return Display(screen: .remote(lines))
    }

    /// One more task list of the main list's server joins.
    func joinOne(_ wanted: String, _ c: inout CommandContext) throws -> Display {
        guard let known = try c.store.syncRemote()?.url else {
            throw ShellError.failed("remote: --join adds a list beside the main one: set it first (remote URL --list NAME, "
                + "or remote URL --all)")
        }
        let (url, lists) = try Remote.taskLists(typed ?? Remote.root(of: known), c)
        let key = wanted.lowercased()
        guard let found = lists.first(where: { $0.name.lowercased() == key || $0.path.url == CalDAVPath.completed(wanted) }) else {
            throw ShellError.failed("no task list called \"\(TextSafety.neutralised(String(wanted.prefix(60))))\" on "
                + "\((try? CalDAVPath(url))?.host ?? url); nothing was stored")
        }
        let listURL = TodoSync.kept(TodoSync.url(url, at: found.path))
        guard listURL != known else { throw ShellError.failed("\"\(found.name)\" is the main list already") }
        guard (try? CalDAVPath(listURL))?.origin == (try? CalDAVPath(known))?.origin else {
            throw ShellError.failed("\"\(found.name)\" is on another server than the main list; nothing was stored")
        }
        let joined = try c.store.syncLists()
        if let already = joined.first(where: { $0.remote.url == listURL }) {
            return Display(message: "\"\(found.name)\" syncs already, as the list \(already.name)")
        }
        let name = ListNames.joined(found.name, taken: [ListNames.mainName(of: try c.store.syncRemote(), session: nil)]
            + joined.map(\.name))
        try c.commit(saved: Remote.saved) { try $0.store.putSyncList(SyncList(name: name, remote: SyncRemote(url: listURL))) }
        return Display(message: "the task list \"\(found.name)\" joins as the list \(name) (\(Secrets.redacted(listURL))); "
            + "sync todos exchanges with it beside the main list")
    }

    func leaveOne(_ name: String, _ c: inout CommandContext) throws -> Display {
        guard typed == nil else { throw ShellError.usage("remote --leave NAME takes no URL") }
        guard let list = try c.store.syncLists().first(where: { ListNames.same($0.name, name) }) else {
            let names = try c.store.syncLists().map(\.name)
            throw ShellError.failed("no list called \"\(TextSafety.neutralised(String(name.prefix(60))))\" syncs beside the "
                + "main one" + (names.isEmpty ? "" : " (those that do: \(names.joined(separator: ", ")))"))
        }
        try c.commit(saved: Remote.saved) { environment in _ = try environment.store.removeSyncLists { $0.key == list.key } }
        return Display(message: "the list \(list.name) no longer syncs with \(Secrets.redacted(list.remote.url)); "
            + "its items stay here")
    }

    /// The server's root for the store's (else the session's) remote, with its user: a
    /// collection's URL would answer with itself alone.
    static func serverRoot(_ c: CommandContext) throws -> String? {
        guard let url = try c.store.syncRemote()?.url ?? c.environment.remoteURL else { return nil }
        return root(of: url)
    }

    static func root(of url: String) -> String {
        guard let path = try? CalDAVPath(CalDAVPath.completed(url)), let root = try? CalDAVPath(path.origin + "/") else { return url }
        return TodoSync.url(url, at: root)
    }

    /// Makes `url` the main list's collection; lists syncing beside the old one on another
    /// server stop (their items stay), since they would be asked with this server's credentials.
    static func setMain(_ url: String, _ store: ErrandStore) throws {
        try store.setSyncRemote(url: url)
        let origin = (try? CalDAVPath(url))?.origin
        try store.removeSyncLists { (try? CalDAVPath($0.remote.url))?.origin != origin || $0.remote.url == url }
    }
}
