import CCurl
import ErrandDAVWire
import ErrandHelpers

/// One request of `errand-fetch --dav` while libcurl runs it: its easy handle set up from the
/// frame, its response head and body as they arrive (a body past the limit refused as soon as
/// it is announced or crosses it), and the reply frame it ends with. Redirects are not
/// followed: a CalDAV client that silently wrote to another URL could write somewhere the user
/// never named. A 401 is an answer like any other (no authentication dance).
final class DAVTransfer: CurlReceiver {
    let id: Int
    let url: String
    let easy: CurlEasy
    private let limits: FetchLimits
    private var head = ResponseHead()
    private var body: [UInt8] = []
    private var refusal: CatalogueError?
    private var idle: IdleWatch
    /// When the request was handed to libcurl (IdleWatch's clock), for its total limit.
    private let started = IdleWatch.now()
    /// The request body, at an address that stays put while libcurl sends it.
    private let upload: UnsafeMutableRawBufferPointer

    init?(id: Int, request: DAVRequest, authorization: String?, limits: FetchLimits) {
        guard let easy = CurlEasy() else { return nil }
        self.id = id
        url = request.url
        self.easy = easy
        self.limits = limits
        idle = IdleWatch(limit: limits.idleTimeout)
        upload = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, request.body.count), alignment: 1)
        upload.copyBytes(from: request.body)
        configure(request, authorization: authorization)
    }

    deinit { upload.deallocate() }

    private func configure(_ request: DAVRequest, authorization: String?) {
        easy.set(CURLOPT_URL, request.url)
        easy.setTimeouts(idle: limits.idleTimeout, total: limits.totalTimeout)
        easy.set(CURLOPT_ACCEPT_ENCODING, "")
        easy.set(CURLOPT_USERAGENT, "errand-fetch")
        switch request.method {
        case "GET": easy.set(CURLOPT_HTTPGET, 1)
        case "HEAD": easy.set(CURLOPT_NOBODY, 1)
        default:
            // Sent from memory with its length, even when empty (a PUT or DELETE needs one).
            easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(request.body.count))
            easy.set(CURLOPT_POSTFIELDS, pointer: upload.baseAddress)
            easy.set(CURLOPT_CUSTOMREQUEST, request.method)
        }
        var lines = request.headers.map { name, value in value.isEmpty ? name + ";" : name + ": " + value }
        if let authorization { lines.append("Authorization: " + authorization) }
        // No "Expect: 100-continue" (libcurl waits up to a second for the go-ahead on a large
        // body), and no made-up form Content-Type when errand named none.
        lines.append("Expect:")
        if !request.headers.contains(where: { $0.0.lowercased() == "content-type" }) { lines.append("Content-Type:") }
        easy.setHeaders(lines)
        easy.deliver(to: self)
    }

    /// The reply frame for errand, once libcurl ended the transfer with `code`.
    func reply(_ code: CURLcode) -> DAVReply {
        if let refusal { return .failed(wireLine: refusal.wireLine) }
        guard code == CURLE_OK else {
            let error = CurlFailure.error(code, url: url, detail: easy.failureText(code), timeout: timeLimitReached)
            return .failed(wireLine: error.wireLine)
        }
        guard head.complete, head.status > 0 else {
            return .failed(wireLine: CatalogueError.unreachable(url: url, reason: "no response").wireLine)
        }
        var headers: [String: String] = [:]
        for name in ["etag", "location", "content-type", "retry-after"] { headers[name] = head.headers[name] }
        return .response(DAVResponse(status: head.status, headers: headers, body: body))
    }

    func takeHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        if head.size > 256 << 10 { return refuse(.unreachable(url: url, reason: "endless headers")) }
        guard head.take(line), !head.isInterim(following: false) else { return true }
        if let length = head.contentLength, length > limits.maxBytes { return refuse(.tooLarge(url: url, limit: limits.maxBytes)) }
        // The body at its announced size at once (reserved, not touched): grown by doubling,
        // a 44 MB answer held 64 MB and, for a moment, the 32 before it too.
        if let length = head.contentLength, head.headers["content-encoding"] == nil { body.reserveCapacity(length) }
        return true
    }

    func takeBody(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard refusal == nil else { return false }
        if body.count + piece.count > limits.maxBytes {
            body = []
            return refuse(.tooLarge(url: url, limit: limits.maxBytes))
        }
        body.append(contentsOf: piece)
        return true
    }

    /// A server trickling a byte now and then never trips the idle limit: only the total
    /// stops it, and the line must say so (it named the idle limit, "30 s", after 300 s). The
    /// same for a head trickling in: libcurl counts body bytes only, and a head sent a byte
    /// every 50 ms was refused as "sent nothing for 2 s" (seen in fuzz/sanitize-fetch).
    func stillMoving(_ moved: Int64) -> Bool {
        if IdleWatch.now() - started >= limits.totalTimeout { return refuse(.timedOut(url: url, seconds: limits.totalTimeout)) }
        guard idle.stalled(moved: moved + Int64(head.size)) else { return true }
        return refuse(.stalled(url: url, seconds: limits.idleTimeout))
    }

    /// Which limit libcurl's own timeout was: its total (CURLOPT_TIMEOUT) once that much time
    /// has gone, else the connect timeout, which is the idle limit.
    private var timeLimitReached: CatalogueError {
        IdleWatch.now() - started >= limits.totalTimeout - 0.05
            ? .timedOut(url: url, seconds: limits.totalTimeout) : .stalled(url: url, seconds: limits.idleTimeout)
    }

    private func refuse(_ error: CatalogueError) -> Bool {
        if refusal == nil { refusal = error }
        return false
    }
}
