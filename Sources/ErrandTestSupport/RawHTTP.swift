import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 client over a loopback socket: the tests' "phone", a third client that
/// writes VTODOs without going through Errand, and the way tests make collections.
public struct RawHTTP: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
        public var etag: String? { headers["etag"] }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: UInt16
    public let authorization: String?

    public init(port: UInt16, authorization: String?) {
        self.port = port
        self.authorization = authorization
    }

    public func send(_ method: String, _ path: String, body: Data = Data(),
                     headers: [String: String] = [:]) throws -> Reply {
        guard let fd = RawHTTP.connect(port: port) else { throw Failure(description: "cannot connect to port \(port)") }
        defer { close(fd) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        if let authorization { head += "Authorization: \(authorization)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Data((head + "\r\n").utf8) + body
        let sent = request.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return true }
                let n = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        guard sent else { throw Failure(description: "cannot send to port \(port)") }
        // Bounded wait: a server that keeps the connection open must not hang a test.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !RawHTTP.complete(received) {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            received.append(contentsOf: chunk[0..<n])
        }
        return try RawHTTP.parse(received)
    }

    /// A PUT of a whole VCALENDAR text.
    public func put(_ path: String, ics: String, headers: [String: String] = [:]) throws -> Reply {
        var all = headers
        all["Content-Type"] = "text/calendar; charset=utf-8"
        return try send("PUT", path, body: Data(ics.utf8), headers: all)
    }

    /// Whether `data` holds a whole response with a Content-Length (else read to the end).
    static func complete(_ data: Data) -> Bool {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) else { return false }
        return data.count - (end.upperBound - data.startIndex) >= length
    }

    static func parse(_ data: Data) throws -> Reply {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP header in the reply")
        }
        let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = unchunked(body) }
        return Reply(status: status, headers: headers, body: body)
    }

    static func unchunked(_ data: Data) -> Data {
        var out = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            let stop = min(data.endIndex, start + size)
            out.append(data[start..<stop])
            index = min(data.endIndex, stop + 2)
        }
        return out
    }

    static func connect(port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
