/// A WebDAV 207 Multi-Status body (RFC 4918 §13, RFC 6578 for sync-collection) reduced to
/// what a CalDAV client reads: per resource its href, status and the properties found.
public struct Multistatus: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// As sent, percent-encoding and all: the client compares and requests hrefs verbatim.
        public var href: String
        /// The response's own status (a removed member in sync-collection: 404), else the
        /// status of the propstat that carried the properties (200 when found).
        public var status: Int
        /// Properties found (propstat 200), by namespace and name.
        public var properties: [XMLNode]

        public func property(_ namespace: String, _ name: String) -> XMLNode? {
            properties.first { $0.is(namespace, name) }
        }

        public var etag: String? { property(DAV.dav, "getetag").map { $0.text.trimmed }.flatMap { $0.isEmpty ? nil : $0 } }
        public var calendarData: String? { property(DAV.caldav, "calendar-data")?.text }
    }

    public var entries: [Entry]
    /// sync-collection's new token (the top-level <sync-token>).
    public var syncToken: String?

    public init(entries: [Entry], syncToken: String?) {
        self.entries = entries
        self.syncToken = syncToken
    }

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a 207 body; anything that is not a DAV multistatus is refused with one line. Each
    /// response is reduced to its entry as soon as it is read (XMLReader's `take`): the tree of
    /// a 64 MB reply held some 300 MB where its entries need a fraction of that.
    public static func read(_ bytes: [UInt8]) throws -> Multistatus {
        let collect = Collector()
        let root = try XMLReader().parse(bytes) { node in
            guard node.is(DAV.dav, "response") else { return false }
            if collect.invalid == nil {
                do throws(Invalid) { collect.entries.append(try Multistatus.entry(node)) } catch { collect.invalid = error }
            }
            return true
        }
        guard root.is(DAV.dav, "multistatus") else {
            throw Invalid(description: "the server answered <\(root.name.prefix(40))>, not a WebDAV multistatus")
        }
        if let invalid = collect.invalid { throw invalid }
        let token = root.child(DAV.dav, "sync-token")?.text.trimmed
        return Multistatus(entries: collect.entries, syncToken: token?.isEmpty == false ? token : nil)
    }

    /// What XMLReader's `take` collects while it reads (it cannot capture a mutable local).
    private final class Collector {
        var entries: [Entry] = []
        var invalid: Invalid?
    }

    static func entry(_ response: XMLNode) throws(Invalid) -> Entry {
        guard let href = response.child(DAV.dav, "href")?.text.trimmed, !href.isEmpty else {
            throw Invalid(description: "a multistatus response without an href")
        }
        var properties: [XMLNode] = []
        var propStatus: Int?
        for propstat in response.all(DAV.dav, "propstat") {
            let code = Multistatus.code(propstat.child(DAV.dav, "status")?.text) ?? 200
            if (200...299).contains(code) {
                properties += propstat.child(DAV.dav, "prop")?.children ?? []
                propStatus = code
            } else if propStatus == nil {
                propStatus = code
            }
        }
        let status = Multistatus.code(response.child(DAV.dav, "status")?.text) ?? propStatus ?? 200
        return Entry(href: href, status: status, properties: properties)
    }

    /// The code of "HTTP/1.1 200 OK".
    static func code(_ line: String?) -> Int? {
        guard let line else { return nil }
        let parts = line.trimmed.split(separator: " ")
        guard parts.count >= 2, let code = Int(parts[1]), (100...599).contains(code) else { return nil }
        return code
    }
}

/// The XML namespaces CalDAV speaks.
public enum DAV {
    public static let dav = "DAV:"
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    public static let calendarServer = "http://calendarserver.org/ns/"
}

extension String {
    var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
