/// The framing between errand and `errand-fetch --dav` over pipes: text head lines, then raw
/// bytes whose length the head gave, so bodies need no escaping. Errand writes
///
///     AUTH <userBytes> <passwordBytes>\n<user><password>        (optional, first)
///     REQUEST <id> <method> <headerCount> <bodyBytes>\n<url>\n<Name: value\n>...<body>
///
/// and the helper answers each request, in the order they finish, with
///
///     RESPONSE <id> <status> <headerCount> <bodyBytes>\n<name: value\n>...<body>
///     FAILED <id> <wire line>\n
///
/// Every count is bounded when read, so a broken peer cannot make the reader allocate at will.
public enum DAVWire {
    public static let maxHead = 64 << 10
    public static let maxHeaders = 64

    public static func credentials(user: String, password: String) -> [UInt8] {
        let u = Array(user.utf8), p = Array(password.utf8)
        return Array("AUTH \(u.count) \(p.count)\n".utf8) + u + p
    }

    public static func encode(_ request: DAVRequest, id: Int) -> [UInt8] {
        var head = "REQUEST \(id) \(request.method) \(request.headers.count) \(request.body.count)\n\(request.url)\n"
        for (name, value) in request.headers { head += "\(clean(name)): \(clean(value))\n" }
        return Array(head.utf8) + request.body
    }

    public static func encode(_ reply: DAVReply, id: Int) -> [UInt8] {
        switch reply {
        case .failed: return head(reply, id: id)
        case let .response(response): return head(reply, id: id) + response.body
        }
    }

    /// A reply's frame without its body, which follows it as it is: a writer sends the two
    /// apart rather than copy a 44 MB body into one frame (bench figure 11's peak).
    public static func head(_ reply: DAVReply, id: Int) -> [UInt8] {
        switch reply {
        case let .failed(line):
            return Array("FAILED \(id) \(clean(line))\n".utf8)
        case let .response(response):
            var head = "RESPONSE \(id) \(response.status) \(response.headers.count) \(response.body.count)\n"
            for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(clean(name)): \(clean(value))\n" }
            return Array(head.utf8)
        }
    }

    /// A header or head field cannot carry a line break (it would end the line early).
    static func clean(_ text: String) -> String {
        String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }

    public enum Frame: Equatable, Sendable {
        case auth(user: String, password: String)
        case request(id: Int, DAVRequest)
        case reply(id: Int, DAVReply)
    }

    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads one frame from `source` (nil at a clean end of input). `maxBody` bounds a body.
    public static func read(from source: inout some ByteSource, maxBody: Int) throws(Malformed) -> Frame? {
        guard let line = source.line(limit: maxHead) else { return nil }
        let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        func number(_ text: Substring?, limit: Int) throws(Malformed) -> Int {
            guard let text, let n = Int(text), n >= 0, n <= limit else { throw Malformed(description: "bad count in \(fields.first ?? "")") }
            return n
        }
        func bytes(_ count: Int) throws(Malformed) -> [UInt8] {
            guard let data = source.bytes(count) else { throw Malformed(description: "input ended inside a frame") }
            return data
        }
        func headers(_ count: Int) throws(Malformed) -> [(String, String)] {
            var out: [(String, String)] = []
            for _ in 0..<count {
                guard let header = source.line(limit: maxHead), let colon = header.firstIndex(of: ":") else {
                    throw Malformed(description: "bad header line")
                }
                out.append((String(header[..<colon]), String(header[header.index(after: colon)...].drop { $0 == " " })))
            }
            return out
        }
        let rest = fields.count > 2 ? fields[2].split(separator: " ", omittingEmptySubsequences: false) : []
        switch fields.first {
        case "AUTH":
            let u = try number(fields.count > 1 ? fields[1] : nil, limit: 4096)
            let p = try number(fields.count > 2 ? fields[2] : nil, limit: 4096)
            let user = try bytes(u), password = try bytes(p)
            return .auth(user: String(decoding: user, as: UTF8.self), password: String(decoding: password, as: UTF8.self))
        case "REQUEST":
            let id = try number(fields.count > 1 ? fields[1] : nil, limit: Int.max)
            guard rest.count == 3 else { throw Malformed(description: "bad REQUEST line") }
            let method = String(rest[0])
            let count = try number(rest[1], limit: maxHeaders)
            let length = try number(rest[2], limit: maxBody)
            guard let url = source.line(limit: maxHead) else { throw Malformed(description: "no URL line") }
            let list = try headers(count)
            return .request(id: id, DAVRequest(method: method, url: url, headers: list, body: try bytes(length)))
        case "RESPONSE":
            let id = try number(fields.count > 1 ? fields[1] : nil, limit: Int.max)
            guard rest.count == 3 else { throw Malformed(description: "bad RESPONSE line") }
            let status = try number(rest[0], limit: 999)
            let count = try number(rest[1], limit: maxHeaders)
            let length = try number(rest[2], limit: maxBody)
            var map: [String: String] = [:]
            for (name, value) in try headers(count) { map[name.lowercased()] = value }
            return .reply(id: id, .response(DAVResponse(status: status, headers: map, body: try bytes(length))))
        case "FAILED":
            let id = try number(fields.count > 1 ? fields[1] : nil, limit: Int.max)
            return .reply(id: id, .failed(wireLine: fields.count > 2 ? String(fields[2]) : ""))
        default:
            throw Malformed(description: "unknown frame \(String(fields.first ?? "").prefix(20))")
        }
    }
}
