import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock on a companion file (`store.plist.lock`). The store file itself
/// cannot carry the lock because every write replaces it with a new inode.
final class FileLock {
    let path: String
    private var fd: Int32 = -1

    init(path: String) {
        self.path = path
    }

    deinit { if fd >= 0 { close(fd) } }

    func withLock<T>(_ body: () throws -> T) throws -> T {
        try lock()
        defer { unlock() }
        return try body()
    }

    func lock() throws {
        if fd < 0 {
            fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw StoreError.io(path: path, reason: "cannot open the lock file (\(String(cString: strerror(errno))))")
            }
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StoreError.io(path: path, reason: "cannot lock (\(String(cString: strerror(errno))))")
            }
        }
    }

    func unlock() {
        if fd >= 0 { flock(fd, LOCK_UN) }
    }
}
