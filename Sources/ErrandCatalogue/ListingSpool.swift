import ErrandFiles
import ErrandHelpers
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A downloaded listing kept on disk, unlinked at once, until it is parsed. The store's write
/// lock is taken only for parsing and storing (seconds at 100,000 ads): read from the network
/// inside the transaction, a slow or stalling server kept every other Errand from writing for
/// as long as the download took (9 s waited for a create while a server stalled 12 s; past
/// three 10-second waits they gave up "busy"). Memory stays bounded: the body goes to the
/// file, never to memory.
final class ListingSpool {
    private let fd: Int32

    /// Downloads `url` into a new unnamed file in `$TMPDIR` (or /tmp).
    init(downloading url: URL, with fetcher: CatalogueFetcher) throws {
        let folder = UnlinkedFile.temporaryFolder
        let made = UnlinkedFile.make(prefix: "errand-listing", in: folder)
        guard made >= 0 else {
            throw CatalogueError.unreachable(url: url.absoluteString,
                                             reason: "cannot keep the download in \(folder): \(String(cString: strerror(errno)))")
        }
        fd = made
        // Written in order from the file's start (`replay` reads it back at its own offsets).
        try fetcher.stream(url) { piece in
            guard !piece.isEmpty, let code = Descriptor.writeAll(fd, piece) else { return }
            throw CatalogueError.unreachable(url: url.absoluteString,
                                             reason: "cannot keep the download in \(folder): \(String(cString: strerror(code)))")
        }
    }

    deinit { close(fd) }

    /// The document again, 64 KiB at a time.
    func replay(_ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw CatalogueError.unreachable(url: "the kept download", reason: String(cString: strerror(errno))) }
            if n == 0 { return }
            offset += n
            try chunk.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }
}
