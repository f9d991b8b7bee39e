import ErrandHelpers
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

    /// The document in pieces, as Downloader.stream gives them: a file read 64 KiB at a time.
    public func stream(_ url: URL, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch url.scheme?.lowercased() {
        case "file": try streamFile(url, into: consume)
        case "http", "https": try downloader.stream(url, limits: limits, into: consume)
        default: throw CatalogueError.unsupportedURL(url.absoluteString)
        }
    }

    func streamFile(_ url: URL, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let path = try checkedFile(url)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CatalogueError.unreachable(url: url.absoluteString, reason: "cannot read the file") }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw CatalogueError.unreachable(url: url.absoluteString, reason: "cannot read the file") }
            if n == 0 { return }
            total += n
            // The file may grow while it is read: the limit holds for what is read.
            guard total <= limits.maxBytes else { throw CatalogueError.tooLarge(url: url.absoluteString, limit: limits.maxBytes) }
            try chunk.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// The path of a file URL naming a regular file within the size limit.
    func checkedFile(_ url: URL) throws(CatalogueError) -> String {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreachable(url: url.absoluteString, reason: "no such file") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreachable(url: url.absoluteString, reason: "not a regular file")
        }
        guard Int(info.st_size) <= limits.maxBytes else { throw .tooLarge(url: url.absoluteString, limit: limits.maxBytes) }
        return path
    }

    func readFile(_ url: URL) throws(CatalogueError) -> Data {
        let path = try checkedFile(url)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreachable(url: url.absoluteString, reason: "cannot read the file")
        }
        return data
    }
}
