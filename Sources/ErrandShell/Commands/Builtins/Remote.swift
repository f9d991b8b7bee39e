import ErrandDomain
import ErrandStorage
import ErrandSync
import FoundationEssentials

/// `remote [URL] [--forget]`: show, set or forget the CalDAV collection `sync todos` uses.
struct Remote: ShellCommand {
    static let url = ArgumentSpec("URL", .text, optional: true,
                                  help: "an http or https URL of a CalDAV task collection")
    static let forget = OptionSpec("forget", help: "stop syncing with it (the items stay here)")
    static let spec = CommandSpec("remote", summary: "show, set or forget the CalDAV collection sync todos uses",
                                  details: """
                                      Credentials come from the URL's user:password (used by this session \
                                      only, never stored) or from ~/.netrc ($NETRC).
                                      """,
                                  arguments: [url], options: [forget]) { Remote(typed: $0.text(url), forget: $0.has(forget)) }

    let typed: String?
    let forget: Bool

    static let saved = "the remote itself was saved"

    func run(_ c: inout CommandContext) throws -> Display {
        let store = c.store
        if forget {
            guard typed == nil else { throw ShellError.usage("remote --forget takes no URL") }
            guard let known = try store.syncRemote() else { return Display(message: "no remote to forget") }
            try c.commit(saved: Remote.saved) { try $0.store.setSyncRemote(url: nil) }
            return Display(message: "forgot \(Secrets.redacted(known.url)); the items stay here")
        }
        if let typed {
            do {
                _ = try CalDAVPath(typed)
            } catch {
                throw ShellError.failed(error.description)
            }
            let kept = TodoSync.kept(typed)
            try c.commit(saved: Remote.saved) { try $0.store.setSyncRemote(url: kept) }
            let note = kept != typed ? " (its password is not kept: put it in ~/.netrc)" : ""
            return Display(message: "remote set to \(Secrets.redacted(kept))\(note); sync todos exchanges with it")
        }
        let environment = c.environment
        return Display(screen: .remote(try Remote.describe(store, session: environment.remoteURL, when: environment.moment)))
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
        return lines
    }
}
