import ErrandCatalogue
import ErrandDAVWire
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each task's response for `errand-fetch --dav`, refusing a body past the limit as
/// it arrives, and hands each finished task to `finished` once. Redirects are not followed:
/// a CalDAV client that silently wrote to another URL could write somewhere the user never named.
final class DAVSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `tasks` is guarded by `lock`.
    struct Pending {
        var id: Int
        var url: String
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var refusal: CatalogueError?
        var unauthorized = false
    }

    let limit: Int
    /// The idle timeout, for the message of a request that timed out.
    let idle: Double
    let finished: @Sendable (Int, DAVReply) -> Void
    private let lock = NSLock()
    private var tasks: [Int: Pending] = [:]

    init(limit: Int, idle: Double, finished: @escaping @Sendable (Int, DAVReply) -> Void) {
        self.limit = limit
        self.idle = idle
        self.finished = finished
    }

    func track(_ task: URLSessionTask, id: Int, url: String) {
        lock.lock()
        tasks[task.taskIdentifier] = Pending(id: id, url: url)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    /// Credentials go as a header on every request; a 401 is the answer to report (check the
    /// credentials), not a prompt for more. FoundationNetworking turns a 401 into a challenge
    /// and, handled by default, stalled the task; so the 401 is kept here and the task ends.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        lock.lock()
        if var pending = tasks[task.taskIdentifier] {
            pending.response = (challenge.failureResponse as? HTTPURLResponse) ?? pending.response
            pending.unauthorized = true
            tasks[task.taskIdentifier] = pending
        }
        lock.unlock()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.lock()
        var refused = false
        if var pending = tasks[dataTask.taskIdentifier] {
            pending.response = response as? HTTPURLResponse
            if response.expectedContentLength > limit {
                pending.refusal = .tooLarge(url: pending.url, limit: limit)
                refused = true
            }
            tasks[dataTask.taskIdentifier] = pending
        }
        lock.unlock()
        completionHandler(refused ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        var cancel = false
        if var pending = tasks[dataTask.taskIdentifier], pending.refusal == nil {
            if pending.body.count + data.count > limit {
                pending.refusal = .tooLarge(url: pending.url, limit: limit)
                pending.body = []
                cancel = true
            } else {
                pending.body += data
            }
            tasks[dataTask.taskIdentifier] = pending
        }
        lock.unlock()
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let pending = tasks.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        guard let pending else { return }
        if pending.unauthorized {
            var headers: [String: String] = [:]
            if let type = pending.response?.value(forHTTPHeaderField: "Content-Type") { headers["content-type"] = type }
            finished(pending.id, .response(DAVResponse(status: 401, headers: headers)))
        } else if let refusal = pending.refusal {
            finished(pending.id, .failed(wireLine: refusal.wireLine))
        } else if let error, let url = URL(string: pending.url) {
            var failure = DownloadDelegate.describe(error, url: url)
            if case .timedOut = failure { failure = .timedOut(url: pending.url, seconds: idle) }
            finished(pending.id, .failed(wireLine: failure.wireLine))
        } else if let response = pending.response {
            var headers: [String: String] = [:]
            for name in ["ETag", "Location", "Content-Type"] {
                if let value = response.value(forHTTPHeaderField: name) { headers[name.lowercased()] = value }
            }
            finished(pending.id, .response(DAVResponse(status: response.statusCode, headers: headers, body: pending.body)))
        } else {
            finished(pending.id, .failed(wireLine: CatalogueError.unreachable(url: pending.url, reason: "no response").wireLine))
        }
    }
}
