import CCurl
import ErrandHelpers

/// One catalogue download's state while libcurl runs it: judges the final response's head
/// (status, Content-Type, announced length) before a byte of its body is kept, counts the body
/// against the limit, passes it on, and reports progress. libcurl calls in on the thread that
/// runs curl_easy_perform, so nothing here is shared.
final class FetchTransfer: CurlReceiver {
    let url: String
    let limits: FetchLimits
    let forward: (@Sendable (UnsafeRawBufferPointer) -> Bool)?
    let progress: (@Sendable (Int64, Int64?) -> Void)?
    private(set) var head = ResponseHead()
    /// The first reason to stop, set before a callback makes libcurl abort.
    private(set) var refusal: CatalogueError?
    private(set) var body: [UInt8] = []
    private(set) var received = 0
    private(set) var reported = false
    private var lastReport = 0.0
    private var idle: IdleWatch

    init(url: String, limits: FetchLimits, forward: (@Sendable (UnsafeRawBufferPointer) -> Bool)?,
         progress: (@Sendable (Int64, Int64?) -> Void)?) {
        self.url = url
        self.limits = limits
        self.forward = forward
        self.progress = progress
        idle = IdleWatch(limit: limits.idleTimeout)
    }

    /// From libcurl's progress callback: false to abort a transfer silent for too long (the
    /// catalogue path names its total limit then, as it always did). Head bytes count as
    /// movement: libcurl counts only the body, so a head trickling in looked silent.
    func stillMoving(_ moved: Int64) -> Bool {
        guard idle.stalled(moved: moved + Int64(head.size)) else { return true }
        return refuse(.timedOut(url: url, seconds: limits.totalTimeout))
    }

    /// Whether the final head came (not only interim ones).
    var answered: Bool { head.complete && !head.isInterim(following: true) }

    /// Takes a head line; false to abort the transfer (a refusal was recorded).
    func takeHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        guard head.take(line) else { return head.size <= 256 << 10 || refuse(.unreachable(url: url, reason: "endless headers")) }
        if head.isInterim(following: true) { return true }
        let type = (head.headers["content-type"] ?? "").lowercased()
        if !(200...299).contains(head.status) {
            return refuse(.status(url: url, code: head.status))
        } else if !limits.kind.accepts(type) {
            return refuse(.contentType(url: url, type: type.split(separator: ";").first.map(String.init) ?? type))
        } else if let length = head.contentLength, length > limits.maxBytes {
            return refuse(.tooLarge(url: url, limit: limits.maxBytes))
        }
        return true
    }

    /// Takes a piece of the body; false to abort the transfer.
    func takeBody(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard refusal == nil else { return false }
        received += piece.count
        if received > limits.maxBytes { return refuse(.tooLarge(url: url, limit: limits.maxBytes)) }
        if let forward {
            guard forward(piece) else { return refuse(.unreachable(url: url, reason: "the body could not be passed on")) }
        } else {
            body.append(contentsOf: piece)
        }
        report()
        return true
    }

    /// At most ten progress lines a second: each is a write to the user's terminal.
    private func report() {
        guard let progress else { return }
        let seconds = IdleWatch.now()
        guard !reported || seconds - lastReport >= 0.1 else { return }
        lastReport = seconds
        reported = true
        progress(Int64(received), head.contentLength.map(Int64.init))
    }

    private func refuse(_ error: CatalogueError) -> Bool {
        if refusal == nil { refusal = error }
        return false
    }
}
