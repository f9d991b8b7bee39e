import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Photos as downloaded, one file each in a folder of their own (`$XDG_CACHE_HOME/errand/images`),
/// so an ad opened offline still shows its photo once seen. Bounded in total: past `maxBytes`
/// the least recently shown go first (a file's time is set each time it is shown). Files are
/// written as every Errand file is (a random temporary name, O_EXCL | O_NOFOLLOW, 0600,
/// fsynced and renamed), in folders made 0700.
public final class ImageCache: @unchecked Sendable {
    public let directory: String
    public let maxBytes: Int
    /// What the folder holds, counted at the first store (nil until then).
    private var total: Int?

    public init(directory: String, maxBytes: Int = 100 << 20) {
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// A name from the URL: two independent 64-bit FNV-1a hashes, so a URL is never part of
    /// a file name (no separators, no length limit) and two URLs do not meet by chance.
    public func path(for url: String) -> String {
        directory + "/" + ImageCache.hex(ImageCache.fnv(url, basis: 0xcbf2_9ce4_8422_2325))
            + ImageCache.hex(ImageCache.fnv(url, basis: 0x8422_2325_cbf2_9ce4)) + ".img"
    }

    /// The cached file for `url`, marked as just used; nil when not cached.
    public func cached(_ url: String) -> String? {
        let path = path(for: url)
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
        return path
    }

    /// Keeps `data` for `url` and drops the oldest files past the bound; returns its path.
    @discardableResult
    public func store(_ data: Data, for url: String) throws(FileFailure) -> String {
        let path = path(for: url)
        try PrivateDirectory.makeParents(of: path)
        let before = total ?? usage().reduce(0) { $0 + $1.size }
        let replaced = fileSize(path)
        // A link planted at the name is replaced, not followed.
        try PrivateFile.put(data, over: path)
        total = before - replaced + data.count
        if let total, total > maxBytes { evict(keeping: path) }
        return path
    }

    public func remove(_ url: String) {
        let path = path(for: url)
        let size = fileSize(path)
        if unlink(path) == 0, let known = total { total = known - size }
    }

    /// Drops files, least recently used first, until the folder fits; `keeping` stays.
    func evict(keeping: String) {
        var files = usage().sorted { ($0.used, $0.path) < ($1.used, $1.path) }
        var sum = files.reduce(0) { $0 + $1.size }
        while sum > maxBytes, let oldest = files.first {
            files.removeFirst()
            if oldest.path == keeping { continue }
            if unlink(oldest.path) == 0 { sum -= oldest.size }
        }
        total = sum
    }

    /// The cache's own files (`*.img`), with their sizes and last use.
    func usage() -> [(path: String, size: Int, used: Int)] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var found: [(path: String, size: Int, used: Int)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".img") else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            found.append((path, Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)))
        }
        return found
    }

    func fileSize(_ path: String) -> Int {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
    }

    static func fnv(_ text: String, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
