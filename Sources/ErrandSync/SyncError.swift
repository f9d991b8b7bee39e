import ErrandDomain
import ErrandHelpers

/// Every way a sync fails, as one line that says what to do. A sync that fails leaves the
/// store as it was before the step that failed (each step is one transaction).
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    case noRemote
    case badURL(String)
    case helper(String)
    case transport(CatalogueError)
    /// `condition`: what the server's DAV:error body names as the reason (a 403, 409 or 412).
    case status(url: String, method: String, code: Int, location: String?, condition: DAVPrecondition? = nil)
    case malformed(url: String, reason: String)
    case notATaskCollection(url: String)
    /// A calendar whose supported-calendar-component-set lacks VTODO (events only).
    case refusesTasks(url: String)
    /// Discovery found no task list to use on `host`, for `reason`.
    case noTaskList(host: String, reason: String)
    /// Neither the URL, /.well-known/caldav nor / names a principal: `tried` says what each answered.
    case noPrincipal(host: String, tried: String)
    /// Discovery found several task lists; the store syncs one, so the user picks it.
    case severalTaskLists(host: String, lists: [String])
    /// A redirect to another scheme, host or port: never followed (the credentials would go along).
    case redirectedElsewhere(url: String, to: String)
    /// The principal or calendar home a server named is on another origin (`what` says which).
    case accountElsewhere(url: String, what: String, origin: String)
    case item(url: String, reason: String)
    /// 429 or 503 with a Retry-After longer than the client waits (CalDAVClient.busyWaitLimit).
    case busy(url: String, code: Int, seconds: Int)
    /// The whole sync took longer than its limit (TodoSync.syncLimit).
    case deadline(seconds: Double)
    /// Ctrl-C during the sync.
    case cancelled
    /// A sync of several lists where some failed: the line says what each did, or why not.
    case someListsFailed(line: String)
    /// A sync-collection REPORT with a DAV:limit was refused: CalDAVClient asks again without
    /// one (never reaches the user).
    case limitRefused

    /// No password reaches a message: URLs pass through Secrets.redacted.
    public var description: String { Secrets.redacted(plainDescription) }

    var plainDescription: String {
        switch self {
        case let .someListsFailed(line):
            return line
        case .limitRefused:
            return "the server refused a limit on its sync answer"
        case .cancelled:
            return "sync cancelled; each step already done is kept whole, the next sync carries on"
        case .noRemote:
            return "no remote collection: give one with `remote URL` or --remote URL"
        case let .badURL(url):
            return "cannot sync with \(url): use an http or https URL of a CalDAV collection"
        case let .helper(reason):
            return "sync failed: \(reason)"
        case let .transport(error):
            return error.description
        case let .status(url, method, code, _, condition?):
            return "\(url) answered \(method) with HTTP \(code) (\(condition.rawValue)): \(condition.advice)"
        case let .status(url, method, code, location, nil):
            return "\(url) answered \(method) with HTTP \(code)" + SyncError.advice(code, method: method, location: location)
        case let .malformed(url, reason):
            return "\(url) sent a reply that cannot be read (\(reason)); nothing was changed"
        case let .notATaskCollection(url):
            return "\(url) is not a CalDAV calendar collection (check the URL)"
        case let .refusesTasks(url):
            return "\(url) is a calendar for events only (it takes no VTODO); nothing was sent: give a task list's URL"
        case let .noTaskList(host, reason):
            return "found no task list on \(host): \(reason); nothing was stored"
        case let .noPrincipal(host, tried):
            return "found no CalDAV account on \(host) (\(tried)); check the URL; nothing was stored"
        case let .severalTaskLists(host, lists):
            // One line, as every error is; `remote URL --lists` shows a line per list.
            let named = lists.prefix(5).joined(separator: "; ") + (lists.count > 5 ? "; and \(lists.count - 5) more" : "")
            return "\(host) has \(lists.count) task lists: choose the main one with `remote URL --list NAME`, or sync "
                + "them all, each a list here, with `remote URL --all` (`remote URL --lists` shows them): \(named)"
        case let .redirectedElsewhere(url, to):
            return "\(url) redirected to another host, \(to): not followed, so no credentials went there; "
                + "if you trust it, give that URL with `remote URL`"
        case let .accountElsewhere(url, what, origin):
            return "\(url) names its \(what) on another server, \(origin): not followed, so no credentials went there; "
                + "if you trust it, give that URL with `remote URL`"
        case let .item(url, reason):
            return "\(url): \(reason); nothing was changed"
        case let .busy(url, code, seconds):
            return "\(url) asks to wait \(SyncError.span(seconds)) before more requests (HTTP \(code)), longer than errand waits "
                + "(\(Int(CalDAVClient.busyWaitLimit)) s); what was done is kept: sync again later"
        case let .deadline(seconds):
            return "sync stopped: it did not finish within \(Int(seconds)) s (the limit for a whole sync); "
                + "the steps it finished are kept, the next sync does the rest"
        }
    }

    static func advice(_ code: Int, method: String = "", location: String?) -> String {
        switch code {
        // A server that does not implement the method will not next time either.
        // 501 whatever the method; 405 only for the two CalDAV adds to HTTP.
        case 501,
             405 where method == "PROPFIND" || method == "REPORT":
            return ": not a CalDAV server (it does not speak \(method)); check the URL"
        case 401: return ": check the credentials (~/.netrc or the URL's user:password)"
        case 403: return ": access refused (check the account's rights on the collection)"
        case 404: return ": not found (check the collection URL)"
        case 300...399:
            return ": redirected" + (location.map { " to \(TextSafety.neutralised(String($0.prefix(200)), asSpace: []))" } ?? "")
                + " (use the final URL with `remote URL`)"
        case 429: return ": too many requests; try again later"
        case 507: return ": the server has no room left (its storage or the account's quota is full); what was sent before is kept"
        case 200: return ": not WebDAV (a web page?); check the URL"
        case 500...599: return ": the server failed; try again later"
        default: return ""
        }
    }

    /// A server's wait as a person reads it (a Retry-After date can be days or years ahead).
    static func span(_ seconds: Int) -> String {
        switch seconds {
        case ..<120: "\(seconds) s"
        case ..<7_200: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3_600) h"
        case ..<31_536_000: "\(seconds / 86_400) days"
        default: "more than a year"
        }
    }
}
