#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock on a companion file (`store.plist.lock`, `history.lock`). The
/// file it guards cannot carry the lock because every write replaces it with a new inode.
public final class FileLock {
    public let path: String
    /// Turns a failure into the caller's own error (a store's, say), worded the same.
    private let failure: (FileFailure) -> Error
    private var fd: Int32 = -1

    public init(path: String, failure: @escaping (FileFailure) -> Error = { $0 }) {
        self.path = path
        self.failure = failure
    }

    deinit { if fd >= 0 { close(fd) } }

    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try lock()
        defer { unlock() }
        return try body()
    }

    public func lock() throws {
        if fd < 0 {
            do {
                fd = try PrivateFile.openLock(path)
            } catch {
                throw failure(error)
            }
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure(.system(path, "cannot lock")) }
        }
    }

    public func unlock() {
        if fd >= 0 { flock(fd, LOCK_UN) }
    }
}
