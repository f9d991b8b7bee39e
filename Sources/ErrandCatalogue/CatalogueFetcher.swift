import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches one document by URL: http and https through URLSession with limits and timeouts,
/// file URLs by reading the file (URLSession refuses them on Linux).
public final class CatalogueFetcher: Sendable {
    public let limits: FetchLimits
    /// Called with (bytes so far, bytes expected if known) while a download runs.
    public let progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Called when a download that reported progress ends, to clear the progress line.
    public let finished: (@Sendable () -> Void)?

    public init(limits: FetchLimits = FetchLimits(), progress: (@Sendable (Int64, Int64?) -> Void)? = nil,
                finished: (@Sendable () -> Void)? = nil) {
        self.limits = limits
        self.progress = progress
        self.finished = finished
    }

    public func fetch(_ url: URL) throws(CatalogueError) -> Data {
        switch url.scheme?.lowercased() {
        case "file": return try readFile(url)
        case "http", "https": return try download(url)
        default: throw .unsupportedURL(url.absoluteString)
        }
    }

    func readFile(_ url: URL) throws(CatalogueError) -> Data {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreachable(url: url.absoluteString, reason: "no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreachable(url: url.absoluteString, reason: "not a regular file")
        }
        guard Int(info.st_size) <= limits.maxBytes else { throw .tooLarge(url: url.absoluteString, limit: limits.maxBytes) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreachable(url: url.absoluteString, reason: "cannot read the file")
        }
        return data
    }

    func download(_ url: URL) throws(CatalogueError) -> Data {
        let delegate = DownloadDelegate(url: url, limit: limits.maxBytes, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        configuration.timeoutIntervalForResource = limits.totalTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        session.dataTask(with: request).resume()
        defer { if progress != nil { finished?() } }
        // The resource timeout bounds the wait; the margin covers a stalled callback.
        if delegate.done.wait(timeout: .now() + limits.totalTimeout + 5) == .timedOut {
            throw .timedOut(url: url.absoluteString, seconds: limits.totalTimeout)
        }
        return try delegate.result(totalTimeout: limits.totalTimeout)
    }
}

/// Collects a body, refusing it early when it is too large or not JSON. The first verdict
/// wakes the waiting caller at once; the session is cancelled by the caller, never from inside
/// a callback (doing that on Linux stalled the next downloads for up to minutes).
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: every mutable field is guarded by `lock`.
    let url: URL
    let limit: Int
    let progress: (@Sendable (Int64, Int64?) -> Void)?
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var body = Data()
    private var expected: Int64?
    private var verdict: Result<Data, CatalogueError>?

    init(url: URL, limit: Int, progress: (@Sendable (Int64, Int64?) -> Void)?) {
        self.url = url
        self.limit = limit
        self.progress = progress
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
            } else if !type.isEmpty, !type.contains("json"), !type.contains("text/plain"),
                      !type.contains("octet-stream") {
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
        body.append(data)
        let count = body.count
        let total = expected
        lock.unlock()
        if count > limit {
            finish(.failure(.tooLarge(url: url.absoluteString, limit: limit)))
        } else {
            progress?(Int64(count), total)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        let received = body
        let short = expected.map { Int64(received.count) < $0 } ?? false
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
            finish(.success(received))
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
