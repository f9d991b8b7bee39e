import ErrandDomain
import ErrandHelpers
import FoundationEssentials

/// The collection's URL taken apart, and the one spelling of member hrefs the sync keeps:
/// percent-decoded, then encoded again segment by segment, so `%40` and `@` from two servers
/// (or one server and us) name the same member.
public struct CalDAVPath: Equatable, Sendable {
    /// scheme://host[:port], no user or password.
    public let origin: String
    /// The collection's canonical path, ending in "/".
    public let path: String
    public let host: String

    public init(_ text: String) throws(SyncError) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = parts.host, !host.isEmpty else {
            throw .badURL(Secrets.redacted(text))
        }
        self.host = host
        origin = "\(scheme)://\(host)" + (parts.port.map { ":\($0)" } ?? "")
        var path = CalDAVPath.canonical(parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath)
        if !path.hasSuffix("/") { path += "/" }
        self.path = path
    }

    public var url: String { origin + path }

    /// The URL as users type a server: `cloud.example.org` or `me@host/dav` mean https.
    public static func completed(_ typed: String) -> String {
        let text = TextSafety.trimmed(typed)
        return text.contains("://") || text.isEmpty ? text : "https://" + text
    }

    /// `tasks@host`, as the sync line names the collection.
    public var display: String {
        let name = path.split(separator: "/").last.map { URLPassword.percentDecoded(String($0)) ?? String($0) } ?? ""
        return (name.isEmpty ? "" : name + "@") + host
    }

    public func url(of href: String) -> String { origin + href }

    /// An href that is a path on this origin (`/dav/...`): never another host's URL, which a
    /// request built from it would send credentials to.
    static func isPath(_ href: String) -> Bool {
        href.hasPrefix("/") && !href.hasPrefix("//") && !href.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true })
    }

    /// The href for a new member with this UID (the UID itself, encoded, plus .ics).
    public func href(forUID uid: String) -> String {
        path + CalDAVPath.encodedSegment(uid) + ".ics"
    }

    public func same(_ href: String) -> Bool {
        guard let local = localPath(href) else { return false }
        let canonical = CalDAVPath.canonical(local)
        return canonical == path || canonical + "/" == path
    }

    /// The canonical href of a direct member of this collection; nil for the collection itself,
    /// a deeper path or another origin.
    public func member(_ href: String) -> String? {
        guard let local = localPath(href) else { return nil }
        let canonical = CalDAVPath.canonical(local)
        guard canonical.hasPrefix(path) else { return nil }
        let rest = canonical.dropFirst(path.count)
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return canonical
    }

    func localPath(_ href: String) -> String? {
        if href.hasPrefix("/") { return href }
        guard let parts = URLComponents(string: href), parts.scheme != nil else { return nil }
        let other = "\(parts.scheme?.lowercased() ?? "")://\(parts.host ?? "")" + (parts.port.map { ":\($0)" } ?? "")
        return other == origin ? parts.percentEncodedPath : nil
    }

    static func canonical(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { encodedSegment(URLPassword.percentDecoded(String($0)) ?? String($0)) }
            .joined(separator: "/")
    }

    static let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)

    static func encodedSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if safe.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
