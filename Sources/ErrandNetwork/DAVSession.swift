import CCurl
import ErrandDAVWire
import ErrandHelpers
import FoundationEssentials

/// `errand-fetch --dav`: reads request frames (DAVWire) from `input` until it ends, runs up to
/// `parallel` at once on one libcurl multi handle (kept-alive connections), and writes each
/// reply frame to `output` as it finishes. Every request read gets exactly one reply, whatever
/// the server does (refuses, drops the connection mid-answer, goes away): a transport failure
/// is a FAILED frame, never the helper stopping. Between events the loop sleeps in the kernel
/// (curl_multi_poll), woken by a connection, a libcurl timeout, or a frame from the reader.
public struct DAVSession {
    public let limits: FetchLimits
    public let parallel: Int

    public init(limits: FetchLimits, parallel: Int = 6) {
        self.limits = limits
        self.parallel = max(1, parallel)
    }

    /// Returns false if the input was not valid framing (after answering what came before).
    public func run(input: Int32, output: ([UInt8]) -> Void) -> Bool {
        guard let multi = CurlMulti(connections: parallel) else { return false }
        // Here, not in the last release, which may be the stdin reader's (CurlMulti.close).
        defer { multi.close() }
        let inbox = FrameInbox(capacity: parallel * 4, waking: multi)
        inbox.startReading(input, maxBody: limits.maxBytes)
        var running: [UnsafeMutableRawPointer: DAVTransfer] = [:]
        var authorization: String?
        while true {
            while running.count < parallel, let item = inbox.next() {
                switch item {
                case let .auth(user, password):
                    authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
                case let .request(id, request):
                    if let failure = start(request, id: id, authorization: authorization, on: multi, into: &running) {
                        output(DAVWire.encode(failure, id: id))
                    }
                }
            }
            if running.isEmpty && inbox.drained { break }
            multi.perform()
            for (easy, code) in multi.finished() {
                guard let transfer = running.removeValue(forKey: easy) else { continue }
                multi.remove(transfer.easy)
                let reply = transfer.reply(code)
                output(DAVWire.head(reply, id: transfer.id))
                if case let .response(response) = reply, !response.body.isEmpty { output(response.body) }
            }
            if running.count < parallel && inbox.hasFrames { continue }
            if running.isEmpty && inbox.drained { break }
            multi.wait(milliseconds: 1000)
        }
        return inbox.wasClean
    }

    /// Adds the request to the multi handle; the reply to send at once when it cannot run.
    private func start(_ request: DAVRequest, id: Int, authorization: String?, on multi: CurlMulti,
                       into running: inout [UnsafeMutableRawPointer: DAVTransfer]) -> DAVReply? {
        guard let url = URL(string: request.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            return .failed(wireLine: CatalogueError.unsupportedURL(request.url).wireLine)
        }
        guard let transfer = DAVTransfer(id: id, request: request, authorization: authorization, limits: limits),
              multi.add(transfer.easy) else {
            return .failed(wireLine: CatalogueError.unreachable(url: request.url, reason: "cannot start the request").wireLine)
        }
        running[transfer.easy.handle] = transfer
        return nil
    }
}
