import CCurl
import ErrandHelpers
import FoundationEssentials

/// http and https through libcurl, with the limits and timeouts of `FetchLimits`. Lives apart
/// from errand's own process (see `Downloader`): errand-fetch and the tests link it. Redirects
/// are followed (at most 5, to http or https only), as URLSession did for catalogues.
public struct CurlDownloader: Downloader {
    /// Called with (bytes so far, bytes expected if known) while a download runs.
    public let progress: (@Sendable (Int64, Int64?) -> Void)?
    /// Called when a download that reported progress ends, to clear the progress line (not
    /// when nothing was reported: there is no line to clear then).
    public let finished: (@Sendable () -> Void)?
    /// When set, the body is passed here piece by piece as it arrives and `download` returns
    /// no bytes: errand-fetch streams to its stdout instead of holding a second copy.
    public let forward: (@Sendable (UnsafeRawBufferPointer) -> Bool)?
    /// The password for the user named in the URL, when it came apart from it (errand-fetch
    /// reads it on stdin), percent-encoded as it was in the URL.
    public let password: String?
    /// Sent as the User-Agent header when set: services such as OpenStreetMap's geocoder ask
    /// every application to name itself.
    public let userAgent: String?

    public init(progress: (@Sendable (Int64, Int64?) -> Void)? = nil, finished: (@Sendable () -> Void)? = nil,
                forward: (@Sendable (UnsafeRawBufferPointer) -> Bool)? = nil, password: String? = nil,
                userAgent: String? = nil) {
        self.progress = progress
        self.finished = finished
        self.forward = forward
        self.password = password
        self.userAgent = userAgent
    }

    public func download(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Data {
        let name = url.absoluteString
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { throw .unsupportedURL(name) }
        guard let easy = CurlEasy() else { throw .unreachable(url: name, reason: "out of memory") }
        let transfer = FetchTransfer(url: name, limits: limits, forward: forward, progress: progress)
        // Credentials go as a header; the URL handed to libcurl carries none.
        let (plain, authorization) = URLPassword.authorization(for: url, password: password)
        configure(easy, url: plain.absoluteString, authorization: authorization, limits: limits)
        easy.deliver(to: transfer)
        let code = withExtendedLifetime(transfer) { curl_easy_perform(easy.handle) }
        if transfer.reported { finished?() }
        if let refusal = transfer.refusal { throw refusal }
        guard code == CURLE_OK else {
            throw CurlFailure.error(code, url: name, detail: easy.failureText(code), timeout: .timedOut(url: name, seconds: limits.totalTimeout))
        }
        guard transfer.answered else { throw .unreachable(url: name, reason: "no response") }
        // libcurl checks the announced length itself (CURLE_PARTIAL_FILE); this only covers
        // a body it was not asked to decode.
        if transfer.head.headers["content-encoding"] == nil, let length = transfer.head.contentLength,
           transfer.received < length {
            throw .truncated(url: name)
        }
        return Data(transfer.body)
    }

    private func configure(_ easy: CurlEasy, url: String, authorization: String?, limits: FetchLimits) {
        easy.set(CURLOPT_URL, url)
        easy.set(CURLOPT_FOLLOWLOCATION, 1)
        easy.set(CURLOPT_MAXREDIRS, 5)
        // gzip and the rest, decoded as it arrives (URLSession asked for them too).
        easy.set(CURLOPT_ACCEPT_ENCODING, "")
        easy.setTimeouts(idle: limits.idleTimeout, total: limits.totalTimeout)
        var headers = ["Accept: " + limits.kind.acceptHeader]
        if let authorization { headers.append("Authorization: " + authorization) }
        easy.setHeaders(headers)
        easy.set(CURLOPT_USERAGENT, userAgent ?? "errand-fetch")
    }
}
