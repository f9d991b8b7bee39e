#if canImport(Glibc)
import Glibc
#endif

/// Files that must keep a fixed name so that other processes find them (a lock file, SQLite's
/// -wal and -shm): they cannot hide behind a random name, so they are checked instead. A link
/// is refused, never followed.
extension PrivateFile {
    /// Opens the lock file at `path` for reading and writing, creating it (0600) if it is missing.
    public static func openLock(_ path: String) throws(FileFailure) -> Int32 {
        for _ in 0..<attempts {
            var fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0, errno == ENOENT {
                fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                // Another process made it between our two opens: open theirs.
                if fd < 0, errno == EEXIST { continue }
                if fd >= 0 { fchmod(fd, 0o600) }
            }
            guard fd >= 0 else {
                throw errno == ELOOP ? .link(path) : .system(path, "cannot open the lock file")
            }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                close(fd)
                throw FileFailure(path: path, reason: "is not a plain file, so it cannot be the lock file")
            }
            return fd
        }
        throw FileFailure(path: path, reason: "the lock file keeps appearing and vanishing; try again")
    }

    /// Checks that whatever sits at `path` (if anything) is a plain file with one name, owned
    /// by `owner`: the only kind of file a program's own companion file can be.
    public static func checkCompanion(_ path: String, owner: uid_t) throws(FileFailure) {
        let leftAlone = "Errand leaves it alone (remove it if you did not make it)"
        switch FileInspection(path, kind: S_IFREG, owner: owner) {
        case .missing, .expected:
            return
        case .link:
            throw .link(path)
        case .hardLinked:
            throw FileFailure(path: path, reason: "has another name (a hard link), so it may be another file; " + leftAlone)
        case .otherOwner:
            throw FileFailure(path: path, reason: "belongs to another user than the store; " + leftAlone)
        case .otherKind:
            throw FileFailure(path: path, reason: "is not a plain file; " + leftAlone)
        }
    }
}
