import FoundationEssentials

/// Gets one http or https document within limits. Errand's own process never links the HTTP
/// stack (libcurl and its libraries cost 6 ms at every start-up, sync or not): the
/// default downloader runs the `errand-fetch` helper, as git runs git-remote-https.
public protocol Downloader: Sendable {
    func download(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Data
    /// The body in pieces as they arrive, each handed to `consume` and then forgotten, so that
    /// a large document is never held whole. When `consume` throws, the rest of the body is
    /// read and dropped: a failed download (too large, truncated, timed out) is reported rather
    /// than what its partial body looked like; otherwise `consume`'s error is.
    func stream(_ url: URL, limits: FetchLimits, into consume: (UnsafeRawBufferPointer) throws -> Void) throws
}

extension Downloader {
    /// For downloaders that can only give the whole body: one piece.
    public func stream(_ url: URL, limits: FetchLimits, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let body = try download(url, limits: limits)
        try body.withUnsafeBytes { try consume($0) }
    }
}
