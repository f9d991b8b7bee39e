import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Fetches one document by URL: file URLs by reading the file, http and https through a
/// `Downloader` (by default the errand-fetch helper) with limits and timeouts.
public final class CatalogueFetcher: Sendable {
    public let limits: FetchLimits
    public let downloader: Downloader

    public init(limits: FetchLimits = FetchLimits(), downloader: Downloader = HelperDownloader()) {
        self.limits = limits
        self.downloader = downloader
    }

    public func fetch(_ url: URL) throws(CatalogueError) -> Data {
        switch url.scheme?.lowercased() {
        case "file": return try readFile(url)
        case "http", "https": return try downloader.download(url, limits: limits)
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
}
