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
    /// Called when the lock is held elsewhere, before waiting for it (a person at a terminal
    /// is told why nothing happens).
    public var onWait: (() -> Void)?

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
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
        if errno == EWOULDBLOCK { onWait?() }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure(.system(path, "cannot lock")) }
        }
    }

    public func unlock() {
        if fd >= 0 { flock(fd, LOCK_UN) }
    }
}
