import ErrandDomain
import ErrandStorage
import ErrandSync
import FoundationEssentials

/// `remote [URL] [--list NAME | --lists | --all | --join NAME... | --leave NAME] [--forget]`: show,
/// set or forget the CalDAV collection `sync todos` uses. URL may be the server
/// (`cloud.example.org`, `me@host`): sync todos finds its task list; `--list` asks the server
/// now and keeps the list of that name; `--all` and `--join` make more of its task lists lists
/// of the store, each syncing with its own collection (Remote+Lists.swift).
struct Remote: ShellCommand {
    static let url = ArgumentSpec("URL", .text, optional: true,
                                  help: "the server (cloud.example.org, me@host) or the URL of a CalDAV task list")
    static let list = OptionSpec("list", value: "NAME", help: "ask the server now and keep its task list of this name")
    static let lists = OptionSpec("lists", help: "ask the server now and show its task lists, one per line")
    static let forget = OptionSpec("forget", help: "stop syncing with it and every list syncing beside it (the items stay here)")
    static let all = OptionSpec("all", help: "ask the server now and sync every task list it has, each a list here")
    static let join = OptionSpec("join", value: "NAME...", help: "ask the server now and sync its task lists of these names too, each a list here")
    static let leave = OptionSpec("leave", value: "NAME", help: "stop syncing the list NAME with its collection (its items stay here)")
    static let spec = CommandSpec("remote", summary: "show, set or forget the CalDAV collection sync todos uses",
                                  details: """
                                      A server or account URL is enough: sync todos finds the task list \
                                      (/.well-known/caldav, the principal, its calendar home); with several, \
                                      choose the main one with --list NAME. --all syncs every task list of the \
                                      server in one sync todos, each a list of the store (the main list keeps its \
                                      collection, the others are named after theirs); --join NAME... adds one or several, \
                                      --leave NAME stops one (its items stay here). Credentials come from the URL's \
                                      user:password (used by this session only, never stored) or from ~/.netrc ($NETRC).
                                      """,
                                  arguments: [url], options: [list, lists, forget, all, join, leave]) {
                                      Remote(typed: $0.text(url), list: $0.text(list), showLists: $0.has(lists),
                                             forget: $0.has(forget), all: $0.has(all), join: $0.text(join),
                                             leave: $0.text(leave))
                                  }

    let typed: String?
    let list: String?
    let showLists: Bool
    let forget: Bool
    let all: Bool
    let join: String?
    let leave: String?

    static let saved = "the remote itself was saved"

    func run(_ c: inout CommandContext) throws -> Display {
        let store = c.store
        let chosen = [list != nil, showLists, all, join != nil, leave != nil].filter { $0 }.count
        guard chosen <= 1 else {
            throw ShellError.usage("remote: give one of --list NAME, --lists, --all, --join NAME... and --leave NAME")
        }
        if forget {
            guard typed == nil, chosen == 0 else { throw ShellError.usage("remote --forget takes no URL") }
            guard let known = try store.syncRemote() else { return Display(message: "no remote to forget") }
            let lists = try store.syncLists().count
            try c.commit(saved: Remote.saved) { try $0.store.setSyncRemote(url: nil) }
            let beside = lists == 0 ? "" : " and the \(lists == 1 ? "list" : "\(lists) lists") syncing beside it"
            return Display(message: "forgot \(Secrets.redacted(known.url))\(beside); the items stay here")
        }
        if all { return try joinAll(&c) }
        if let names = join { return try joinNamed(names, &c) }
        if let name = leave { return try leaveOne(name, &c) }
        if showLists {
            guard list == nil else { throw ShellError.usage("remote: --lists shows the lists, --list NAME keeps one: give one of them") }
            let (_, found) = try Remote.taskLists(typed, c)
            return Display(screen: .remote(found.map(\.line)))
        }
        if let name = list {
            return try choose(name, &c)
        }
        if let given = typed {
            let typed = CalDAVPath.completed(given)
            do {
                _ = try CalDAVPath(typed)
            } catch {
                throw ShellError.failed(error.description)
            }
            let kept = TodoSync.kept(typed)
            try c.commit(saved: Remote.saved) { try Remote.setMain(kept, $0.store) }
            let note = kept != typed ? " (its password is not kept: put it in ~/.netrc)" : ""
            return Display(message: "remote set to \(Secrets.redacted(kept))\(note); sync todos exchanges with it")
        }
        let environment = c.environment
        return Display(screen: .remote(try Remote.describe(store, session: environment.remoteURL, when: environment.moment)))
    }

    /// Asks the server of URL (else of the session's or the store's remote) for its task lists
    /// and keeps the one called `name` (or whose URL it is); nothing is kept otherwise.
    func choose(_ name: String, _ c: inout CommandContext) throws -> Display {
        let (url, lists) = try Remote.taskLists(typed, c)
        let wanted = name.lowercased()
        guard let chosen = lists.first(where: { $0.name.lowercased() == wanted || $0.path.url == CalDAVPath.completed(name) }) else {
            let names = lists.prefix(10).map { "\"\($0.name)\"" }.joined(separator: ", ") + (lists.count > 10 ? ", ..." : "")
            throw ShellError.failed("no task list called \"\(TextSafety.neutralised(String(name.prefix(60))))\" on "
                + "\((try? CalDAVPath(url))?.host ?? url): it has \(names); nothing was stored")
        }
        let full = TodoSync.url(url, at: chosen.path)
        let kept = TodoSync.kept(full)
        try c.commit(saved: Remote.saved) { environment in
            try Remote.setMain(kept, environment.store)
            try environment.store.updateSyncRemote { remote in
                remote.name = chosen.name
                return true
            }
        }
        let note = kept != full ? " (its password is not kept: put it in ~/.netrc)" : ""
        return Display(message: "remote set to the task list \"\(chosen.name)\" (\(Secrets.redacted(kept)))\(note); "
            + "sync todos exchanges with it")
    }

    /// The task lists the server of `typed` (else of the session's or the store's remote)
    /// holds, asked now, and the URL they were asked from.
    static func taskLists(_ typed: String?, _ c: CommandContext) throws -> (String, [TaskList]) {
        let environment = c.environment
        let stored = try c.store.syncRemote()?.url
        guard let server = typed ?? environment.remoteURL ?? stored else {
            throw ShellError.failed("remote: give the server, as in remote cloud.example.org --lists")
        }
        let url = CalDAVPath.completed(server)
        do {
            return (url, try environment.todoSync.taskLists(url))
        } catch {
            throw ShellError.failed(error.description)
        }
    }

    /// A line each: the remote, the last good sync, and the last failure if one came after it.
    static func describe(_ store: ErrandStore, session: String?, when: (Date) -> String) throws -> [String] {
        let known = try store.syncRemote()
        let sessionURL = session.map(TodoSync.kept)
        guard let known else {
            guard let sessionURL else { return ["no remote: `remote URL` or --remote URL names a CalDAV collection"] }
            return ["remote for this session: \(Secrets.redacted(sessionURL)) (kept after its first good sync)"]
        }
        var lines: [String] = []
        if let sessionURL, sessionURL != known.url {
            lines.append("remote for this session: \(Secrets.redacted(sessionURL))")
            lines.append("remote of this store: \(Secrets.redacted(known.url))")
        } else {
            lines.append("remote: \(Secrets.redacted(known.url))")
        }
        let plain = { (text: String?) in TextSafety.neutralised(text ?? "", asSpace: ["\n", "\t"]) }
        if let last = known.lastSync {
            lines.append("last sync: \(when(last)): \(plain(known.lastResult))")
        } else {
            lines.append("not synced yet")
        }
        if let failed = known.lastFailureAt {
            lines.append("last attempt failed: \(when(failed)): \(plain(known.lastFailure))")
        }
        for list in try store.syncLists() {
            let remote = list.remote
            var line = "list \(list.name): \(Secrets.redacted(remote.url)), "
            line += remote.lastSync.map { "last sync \(when($0)): \(plain(remote.lastResult))" } ?? "not synced yet"
            if let failed = remote.lastFailureAt { line += "; last attempt failed: \(when(failed)): \(plain(remote.lastFailure))" }
            lines.append(line)
        }
        return lines
    }
}
