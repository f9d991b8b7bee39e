import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: each path answers as its route says,
/// including the broken ways real servers fail. Call stop() when done: its threads keep it alive.
public final class LoopbackServer: @unchecked Sendable {
    public enum Route: Sendable {
        case body(Data, contentType: String = "application/json")
        case status(Int)
        /// Announces `announced` bytes, sends `body`, closes.
        case truncated(Data, announced: Int)
        /// Sends headers, then nothing, and keeps the connection open.
        case silent
        /// Sends filler, one chunk at a time, without a length, until the client goes.
        case endless(chunk: Int, contentType: String = "application/json")
        /// Sends `body` one byte every `interval` seconds.
        case trickle(Data, interval: Double)
        /// Sends the head one byte every `interval` seconds, then `body` at once.
        case trickleHead(Data, interval: Double)
        /// Waits `seconds`, then answers with `body`.
        case delayed(Data, seconds: Double)
        /// Answers with `body` once the test opens `gate` (or the server stops).
        case held(Data, gate: ReplyGate)
        /// Any status with a body and extra headers (a WebDAV 207, a redirect with its Location).
        case reply(Int, Data, headers: [String: String])
        /// Reads the request and answers nothing at all, keeping the connection open.
        case mute
        /// Reads the request and closes the connection without a word.
        case hangUp
        /// Answers with what `respond` makes of the request: a server with state of its own.
        case handler(@Sendable (Request) -> Reply)
    }

    /// A request as `.handler` sees it: header names lower-cased.
    public struct Request: Sendable {
        public let method: String
        public let path: String
        public let headers: [String: String]
        public let body: Data
    }

    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data

        public init(_ status: Int, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    private let socketFD: Int32
    public let port: UInt16
    private let lock = NSLock()
    private var routes: [String: Route]
    private var open: Set<Int32> = []
    private var stopped = false
    /// When set, a request without exactly this Authorization header is answered 401.
    private let requiredAuthorization: String?
    private var seenAuthorizations: [String?] = []
    private var seenRequests: [(path: String, userAgent: String?)] = []
    private var seenHeads: [String] = []
    private var seenBodySizes: [Int] = []

    public init(routes: [String: Route], requiredAuthorization: String? = nil) throws {
        self.routes = routes
        self.requiredAuthorization = requiredAuthorization
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public var base: String { "http://127.0.0.1:\(port)/" }

    /// The Authorization header of each request, in the order they came (nil: none was sent).
    public var authorizations: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return seenAuthorizations
    }

    /// The path (with its query) and User-Agent of each request, in the order they came.
    public var requests: [(path: String, userAgent: String?)] {
        lock.lock()
        defer { lock.unlock() }
        return seenRequests
    }

    /// Each request's head as it came (request line and header lines, CRLF-separated).
    public var heads: [String] {
        lock.lock()
        defer { lock.unlock() }
        return seenHeads
    }

    /// The size of each request's body (as its Content-Length announced and the server read).
    public var bodySizes: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return seenBodySizes
    }

    /// A route for a path answers whatever its query (`/search` answers `/search?q=...`)
    /// unless the path with that exact query has its own.
    public func set(_ path: String, _ route: Route) {
        lock.lock()
        routes[path] = route
        lock.unlock()
    }

    /// Idempotent: a descriptor closed twice could be another socket's by then.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            lock.lock()
            if stopped {
                lock.unlock()
                close(client)
                return
            }
            open.insert(client)
            lock.unlock()
            let thread = Thread { [self] in
                serve(client)
                lock.lock()
                open.remove(client)
                close(client)
                lock.unlock()
            }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.contains(Data("\r\n\r\n".utf8)) {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return }
            request.append(contentsOf: buffer[0..<n])
        }
        let headEnd = request.range(of: Data("\r\n\r\n".utf8))?.upperBound ?? request.endIndex
        let headText = String(decoding: request[..<headEnd], as: UTF8.self)
        let head = headText.components(separatedBy: "\r\n")
        // The body, as long as announced (at most 16 MB): a server answers after reading it.
        let announced = head.first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        var body = Data(request[headEnd...])
        while body.count < min(announced, 16 << 20) {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            body.append(contentsOf: buffer[0..<n])
        }
        let bodyCount = body.count
        let path = head.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let authorization = head.first { $0.lowercased().hasPrefix("authorization:") }
            .map { $0.dropFirst("authorization:".count).trimmingCharacters(in: .whitespaces) }
        let agent = head.first { $0.lowercased().hasPrefix("user-agent:") }
            .map { $0.dropFirst("user-agent:".count).trimmingCharacters(in: .whitespaces) }
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        lock.lock()
        seenAuthorizations.append(authorization)
        seenRequests.append((path, agent))
        seenHeads.append(headText)
        seenBodySizes.append(bodyCount)
        // "/dav/*" answers every path under /dav/ that has no route of its own.
        let under = routes.first { key, _ in key.hasSuffix("/*") && bare.hasPrefix(String(key.dropLast())) }?.value
        var route = routes[path] ?? routes[bare] ?? under ?? .status(404)
        if let requiredAuthorization, authorization != requiredAuthorization { route = .status(401) }
        lock.unlock()
        if case let .handler(respond) = route {
            var fields: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let method = head.first?.split(separator: " ").first.map(String.init) ?? ""
            route = .reply(0, Data(), headers: [:])
            let reply = respond(Request(method: method, path: bare, headers: fields, body: body))
            route = .reply(reply.status, reply.body, headers: reply.headers)
        }
        answer(fd, route)
    }

    /// Sends what `route` says, as the server it stands for would.
    private func answer(_ fd: Int32, _ route: Route) {
        switch route {
        case let .body(data, type):
            send(fd, header(200, type: type, length: data.count) + data)
        case let .status(code):
            send(fd, header(code, type: "text/plain", length: 5) + Data("error".utf8))
        case let .reply(code, body, headers):
            var head = "HTTP/1.1 \(code) X\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            send(fd, Data((head + "\r\n").utf8) + body)
        case let .truncated(data, announced):
            send(fd, header(200, type: "application/json", length: announced) + data)
        case .silent:
            send(fd, header(200, type: "application/json", length: 100))
            var one = [UInt8](repeating: 0, count: 1)
            _ = read(fd, &one, 1)
        case let .endless(chunk, type):
            var head = "HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nConnection: close\r\n\r\n"
            head += "["
            send(fd, Data(head.utf8))
            let filler = Data(String(repeating: "1,", count: chunk / 2).utf8)
            while send(fd, filler) {}
        case .mute:
            var one = [UInt8](repeating: 0, count: 1)
            _ = read(fd, &one, 1)
        case .hangUp, .handler:
            return
        case let .trickleHead(data, interval):
            for byte in header(200, type: "application/json", length: data.count) {
                guard send(fd, Data([byte])) else { return }
                usleep(useconds_t(interval * 1_000_000))
                if isStopped { return }
            }
            send(fd, data)
        case let .delayed(data, seconds):
            var waited = 0.0
            while waited < seconds, !isStopped {
                usleep(20_000)
                waited += 0.02
            }
            send(fd, header(200, type: "application/json", length: data.count) + data)
        case let .held(data, gate):
            while !gate.isOpen, !isStopped { usleep(5_000) }
            send(fd, header(200, type: "application/json", length: data.count) + data)
        case let .trickle(data, interval):
            guard send(fd, header(200, type: "application/json", length: data.count)) else { return }
            for byte in data {
                guard send(fd, Data([byte])) else { return }
                usleep(useconds_t(interval * 1_000_000))
                if isStopped { return }
            }
        }
    }

    private func header(_ code: Int, type: String, length: Int) -> Data {
        Data("HTTP/1.1 \(code) X\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n".utf8)
    }

    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
