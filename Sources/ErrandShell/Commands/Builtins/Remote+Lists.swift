import ErrandDomain
import ErrandStorage
import ErrandSync

/// `remote --all`, `--join NAME...`, `--leave NAME`: more of the server's task lists as lists of
/// the store, each syncing with its own collection (SyncList) in the same `sync todos`.
extension Remote {
    /// Every task list of the server: the main list keeps its collection when it is one of
    /// them, the others join, named after their display names. A line per list says what
    /// became of it. Which list becomes the main one, where the items here go, is never
    /// guessed while items would go (Remote.chooseMain).
    func joinAll(_ c: inout CommandContext) throws -> Display {
        let (url, lists) = try Remote.taskLists(try typed ?? Remote.serverRoot(c), c)
        let urls = lists.map { TodoSync.kept(TodoSync.url(url, at: $0.path)) }
        let known = try c.store.syncRemote()?.url
        guard !urls.isEmpty else {
            throw ShellError.failed("found no task list on \((try? CalDAVPath(url))?.host ?? url); nothing was stored")
        }
        guard let mainURL = try urls.first(where: { $0 == known }) ?? Remote.chooseMain(lists, urls, c) else {
            return Display(message: "cancelled; nothing was stored")
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

    /// The main list's collection when the store has none of the server's yet: the only list,
    /// or the one named as the main list here; else, while the main list holds items (they
    /// would be sent there), the person is asked at a terminal and a script is refused with
    /// the names. An empty main list takes the first. nil: the person cancelled.
    static func chooseMain(_ lists: [TaskList], _ urls: [String], _ c: CommandContext) throws -> String? {
        if urls.count == 1 { return urls.first }
        let here = ListNames.mainName(of: try c.store.syncRemote(), session: nil)
        if let named = zip(lists, urls).first(where: { ListNames.same($0.0.name, here) }) { return named.1 }
        let items = try c.store.count(ItemSelection.all.narrowed(to: ListNames.term(here, main: here)))
        guard items > 0 else { return urls.first }
        let names = lists.map(\.name)
        guard let prompter = c.environment.prompter else {
            throw ShellError.failed("remote: the server has \(names.count) task lists (\(names.joined(separator: ", "))): say which "
                + "is the main one, where the \(Plural.items(items)) here go, with remote URL --list NAME, then remote --all; "
                + "nothing was stored")
        }
        let menu = names.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
        while true {
            guard let answer = prompter.ask("Main list, where the \(Plural.items(items)) here go (\(menu)): ") else { return nil }
            let typed = TextSafety.trimmed(answer)
            if let n = Int(typed), n >= 1, n <= urls.count { return urls[n - 1] }
            if let named = zip(lists, urls).first(where: { ListNames.same($0.0.name, typed) }) { return named.1 }
            prompter.tell("no list \"\(typed.prefix(60))\": type its number or its name")
        }
    }

    /// More task lists of the main list's server join, one or several (`--join Work Home`):
    /// a name the server has no list for, the main list or a list on another server refuses
    /// them all, so that a typo never leaves half of a line done.
    func joinNamed(_ wanted: String, _ c: inout CommandContext) throws -> Display {
        guard let known = try c.store.syncRemote()?.url else {
            throw ShellError.failed("remote: --join adds a list beside the main one: set it first (remote URL --list NAME, "
                + "or remote URL --all)")
        }
        let (url, lists) = try Remote.taskLists(typed ?? Remote.root(of: known), c)
        let (found, unknown) = Remote.named(wanted, among: lists)
        guard unknown.isEmpty else {
            let names = unknown.map { "\"\(TextSafety.neutralised(String($0.prefix(60))))\"" }.joined(separator: ", ")
            let has = lists.prefix(10).map { "\"\($0.name)\"" }.joined(separator: ", ") + (lists.count > 10 ? ", ..." : "")
            throw ShellError.failed("no task list\(unknown.count == 1 ? "" : "s") called \(names) on "
                + "\((try? CalDAVPath(url))?.host ?? url) (it has \(has)); nothing was joined")
        }
        let urls = found.map { TodoSync.kept(TodoSync.url(url, at: $0.path)) }
        for (list, listURL) in zip(found, urls) {
            guard listURL != known else { throw ShellError.failed("\"\(list.name)\" is the main list already; nothing was joined") }
            guard (try? CalDAVPath(listURL))?.origin == (try? CalDAVPath(known))?.origin else {
                throw ShellError.failed("\"\(list.name)\" is on another server than the main list; nothing was joined")
            }
        }
        var joined = try c.store.syncLists()
        let main = ListNames.mainName(of: try c.store.syncRemote(), session: nil)
        var added: [SyncList] = []
        var lines: [String] = []
        for (list, listURL) in zip(found, urls) {
            if let already = joined.first(where: { $0.remote.url == listURL }) {
                lines.append("\"\(list.name)\" syncs already, as the list \(already.name)")
                continue
            }
            let name = ListNames.joined(list.name, taken: [main] + joined.map(\.name))
            let adding = SyncList(name: name, remote: SyncRemote(url: listURL))
            joined.append(adding)
            added.append(adding)
            lines.append("the task list \"\(list.name)\" joins as the list \(name) (\(Secrets.redacted(listURL)))")
        }
        if !added.isEmpty {
            try c.commit(saved: Remote.saved) { environment in
                for list in added { try environment.store.putSyncList(list) }
            }
        }
        let beside = "sync todos exchanges with \(added.count == 1 ? "it" : "them") beside the main list"
        if lines.count == 1, added.count == 1 { return Display(message: lines[0] + "; " + beside) }
        if lines.count == 1 { return Display(message: lines[0]) }
        return Display(screen: .remote(lines + (added.isEmpty ? [] : [beside])))
    }

    /// The task lists `text` names: the whole text when it is one list's name or URL (a name of
    /// several words, typed without quotes), else from each word on the longest run of words
    /// that is one (the parser hands an option its words joined by spaces). The words no list
    /// is called come back apart, each a name.
    static func named(_ text: String, among lists: [TaskList]) -> (found: [TaskList], unknown: [String]) {
        func list(_ name: String) -> TaskList? {
            lists.first { $0.name.lowercased() == name.lowercased() || $0.path.url == CalDAVPath.completed(name) }
        }
        if let one = list(text) { return ([one], []) }
        let words = text.split(separator: " ").map(String.init)
        var found: [TaskList] = []
        var unknown: [String] = []
        var start = 0
        while start < words.count {
            let match = (start + 1...words.count).reversed().lazy
                .compactMap { end in list(words[start..<end].joined(separator: " ")).map { ($0, end) } }.first
            if let (named, end) = match {
                if !found.contains(where: { $0.path == named.path }) { found.append(named) }
                start = end
            } else {
                unknown.append(words[start])
                start += 1
            }
        }
        return (found, unknown)
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
