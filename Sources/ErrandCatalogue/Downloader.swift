import FoundationEssentials

/// Gets one http or https document within limits. Errand's own process never links the HTTP
/// stack (FoundationNetworking and libcurl cost 6 ms at every start-up, sync or not): the
/// default downloader runs the `errand-fetch` helper, as git runs git-remote-https.
public protocol Downloader: Sendable {
    func download(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Data
}
