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

    func run(_ c: inout CommandContext) throws -> Display {
        let store = c.store
        if forget {
            guard typed == nil else { throw ShellError.usage("remote --forget takes no URL") }
            guard let known = try store.syncRemote() else { return Display(message: "no remote to forget") }
            try store.setSyncRemote(url: nil)
            return Display(message: "forgot \(Secrets.redacted(known.url)); the items stay here")
        }
        if let typed {
            do {
                _ = try CalDAVPath(typed)
            } catch {
                throw ShellError.failed(error.description)
            }
            let kept = TodoSync.kept(typed)
            try store.setSyncRemote(url: kept)
            let note = kept != typed ? " (its password is not kept: put it in ~/.netrc)" : ""
            return Display(message: "remote set to \(Secrets.redacted(kept))\(note); sync todos exchanges with it")
        }
        return Display(message: try Remote.describe(store, session: c.environment.remoteURL))
    }

    static func describe(_ store: ErrandStore, session: String?) throws -> String {
        let known = try store.syncRemote()
        var lines: [String] = []
        if let session { lines.append("remote for this session: \(Secrets.redacted(session))") }
        guard let known else {
            lines.append(session == nil ? "no remote: `remote URL` or --remote URL names a CalDAV collection" : "")
            return lines.filter { !$0.isEmpty }.joined(separator: "; ")
        }
        lines.append("remote: \(Secrets.redacted(known.url))")
        if let last = known.lastSync {
            let text = TextSafety.neutralised(known.lastResult ?? "", asSpace: ["\n", "\t"])
            lines.append("last sync: \(last.formatted(.iso8601)): \(text)")
        } else {
            lines.append("not synced yet")
        }
        return lines.joined(separator: "; ")
    }
}
