import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Identifies one version of a file: a replaced file has a new inode, an edited one a new
/// size or modification time. Cheap to take (one stat), so every call can check for changes.
struct FileFingerprint: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
