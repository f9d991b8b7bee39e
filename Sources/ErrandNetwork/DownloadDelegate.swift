import ErrandCatalogue
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects a body, refusing it early when it is too large or not JSON. The first verdict
/// wakes the waiting caller at once; the session is cancelled by the caller, never from inside
/// a callback (doing that on Linux stalled the next downloads for up to minutes).
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`.
    let url: URL
    let limit: Int
    let kind: ContentKind
    let progress: (@Sendable (Int64, Int64?) -> Void)?
    /// When set, each piece goes here as it arrives instead of being kept (false: stop).
    let forward: (@Sendable (Data) -> Bool)?
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var body = Data()
    private var received = 0
    private var expected: Int64?
    private var verdict: Result<Data, CatalogueError>?
    private var reported = false

    init(url: URL, limit: Int, kind: ContentKind = .json, progress: (@Sendable (Int64, Int64?) -> Void)?,
         forward: (@Sendable (Data) -> Bool)? = nil) {
        self.url = url
        self.limit = limit
        self.kind = kind
        self.progress = progress
        self.forward = forward
    }

    /// Records the outcome once and wakes the caller; later calls are ignored.
    private func finish(_ outcome: Result<Data, CatalogueError>) {
        lock.lock()
        let first = verdict == nil
        if first {
            verdict = outcome
            body = Data()
        }
        lock.unlock()
        if first { done.signal() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let name = url.absoluteString
        var refusal: CatalogueError?
        if let http = response as? HTTPURLResponse {
            let type = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
            if !(200...299).contains(http.statusCode) {
                refusal = .status(url: name, code: http.statusCode)
            } else if !kind.accepts(type) {
                refusal = .contentType(url: name, type: type.split(separator: ";").first.map(String.init) ?? type)
            }
        }
        let length = response.expectedContentLength
        if refusal == nil, length > limit { refusal = .tooLarge(url: name, limit: limit) }
        lock.lock()
        expected = length >= 0 ? length : nil
        lock.unlock()
        if let refusal { finish(.failure(refusal)) }
        completionHandler(refusal == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard verdict == nil else {
            lock.unlock()
            return
        }
        received += data.count
        let count = received
        if forward == nil, count <= limit { body.append(data) }
        let total = expected
        lock.unlock()
        if count > limit {
            finish(.failure(.tooLarge(url: url.absoluteString, limit: limit)))
        } else if let forward, !forward(data) {
            finish(.failure(.unreachable(url: url.absoluteString, reason: "the body could not be passed on")))
        } else if let progress {
            lock.lock()
            reported = true
            lock.unlock()
            progress(Int64(count), total)
        }
    }

    /// Whether a progress line was drawn, so there is one to clear.
    var reportedProgress: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reported
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let kept = body
        let short = expected.map { Int64(received) < $0 } ?? false
        lock.unlock()
        let described = error.map { DownloadDelegate.describe($0, url: url) }
        if case .timedOut? = described {
            finish(.failure(.timedOut(url: url.absoluteString, seconds: 0)))
        } else if short {
            // However the connection ended, fewer bytes than announced is a truncated body.
            finish(.failure(.truncated(url: url.absoluteString)))
        } else if let described {
            finish(.failure(described))
        } else {
            finish(.success(kept))
        }
    }

    func result(totalTimeout: Double) throws(CatalogueError) -> Data {
        lock.lock()
        let outcome = verdict
        lock.unlock()
        switch outcome {
        case let .success(data)?: return data
        case let .failure(.timedOut(url, _))?: throw .timedOut(url: url, seconds: totalTimeout)
        case let .failure(error)?: throw error
        case nil: throw .timedOut(url: url.absoluteString, seconds: totalTimeout)
        }
    }

    static func describe(_ error: Error, url: URL) -> CatalogueError {
        let name = url.absoluteString
        guard let urlError = error as? URLError else { return .unreachable(url: name, reason: error.localizedDescription) }
        switch urlError.code {
        case .timedOut: return .timedOut(url: name, seconds: 0)
        case .cannotConnectToHost: return .unreachable(url: name, reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(url: name, reason: "unknown host (offline?)")
        case .notConnectedToInternet: return .unreachable(url: name, reason: "no network")
        case .networkConnectionLost: return .truncated(url: name)
        default: return .unreachable(url: name, reason: urlError.localizedDescription)
        }
    }
}
