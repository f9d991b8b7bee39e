import ErrandCatalogue
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// http and https through URLSession, with the limits and timeouts of `FetchLimits`. Lives
/// apart from errand's own process (see `Downloader`): errand-fetch and the tests link it.
public struct URLSessionDownloader: Downloader {
    /// Called with (bytes so far, bytes expected if known) while a download runs.
    public let progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Called when a download that reported progress ends, to clear the progress line (not
    /// when nothing was reported: there is no line to clear then).
    public let finished: (@Sendable () -> Void)?
    /// When set, the body is passed here piece by piece as it arrives and `download` returns
    /// no bytes: errand-fetch streams to its stdout instead of holding a second copy.
    public let forward: (@Sendable (Data) -> Bool)?
    /// The password for the user named in the URL, when it came apart from it (errand-fetch
    /// reads it on stdin), percent-encoded as it was in the URL.
    public let password: String?
    /// Sent as the User-Agent header when set: services such as OpenStreetMap's geocoder ask
    /// every application to name itself.
    public let userAgent: String?

    public init(progress: (@Sendable (Int64, Int64?) -> Void)? = nil, finished: (@Sendable () -> Void)? = nil,
                forward: (@Sendable (Data) -> Bool)? = nil, password: String? = nil, userAgent: String? = nil) {
        self.progress = progress
        self.finished = finished
        self.forward = forward
        self.password = password
        self.userAgent = userAgent
    }

    public func download(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Data {
        let delegate = DownloadDelegate(url: url, limit: limits.maxBytes, progress: progress, forward: forward)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.idleTimeout
        configuration.timeoutIntervalForResource = limits.totalTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        // Credentials go as a header; the URL handed to the HTTP stack carries none.
        let (plain, authorization) = URLPassword.authorization(for: url, password: password)
        var request = URLRequest(url: plain)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
        session.dataTask(with: request).resume()
        defer { if delegate.reportedProgress { finished?() } }
        // The resource timeout bounds the wait; the margin covers a stalled callback.
        if delegate.done.wait(timeout: .now() + limits.totalTimeout + 5) == .timedOut {
            throw .timedOut(url: url.absoluteString, seconds: limits.totalTimeout)
        }
        return try delegate.result(totalTimeout: limits.totalTimeout)
    }
}
