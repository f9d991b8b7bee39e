import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File-system facts and steps shared by both backends: what is at a path, creating private
/// directories and files, and replacing a file so that a crash leaves the old or the new one.
enum StoreFile {
    enum Kind {
        case missing
        case regular(size: Int)
        case other
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFREG ? .regular(size: Int(info.st_size)) : .other
    }

    /// Checks that an existing store file can be opened for reading and writing; names the problem.
    static func checkExisting(_ path: String) throws {
        switch kind(path) {
        case .missing:
            return
        case .other:
            throw StoreError.notAStore(path: path, reason: "it is a directory or a special file")
        case let .regular(size):
            guard access(path, R_OK) == 0 else {
                throw StoreError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            guard access(path, W_OK) == 0 else { throw StoreError.readOnly(path: path) }
            if size == 0 { throw StoreError.notAStore(path: path, reason: "the file is empty") }
        }
    }

    /// Creates the parent directories with mode 0700 (only the ones that are missing).
    static func makeParentDirectories(of path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        var missing: [String] = []
        var current = parent
        while !current.isEmpty, current != "/", case .missing = kind(current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for dir in missing.reversed() where mkdir(dir, 0o700) != 0 && errno != EEXIST {
            throw StoreError.io(path: dir, reason: "cannot create the directory (\(String(cString: strerror(errno))))")
        }
    }

    /// Creates an empty file with mode 0600; false if it already existed.
    static func createPrivate(_ path: String) throws -> Bool {
        try makeParentDirectories(of: path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw StoreError.io(path: path, reason: "cannot create the file (\(String(cString: strerror(errno))))")
        }
        fchmod(fd, 0o600)
        fsync(fd)
        close(fd)
        syncDirectory(of: path)
        return true
    }

    /// Writes `data` to a fresh file beside `path`, fsyncs it, renames it over `path` and fsyncs
    /// the directory: after a crash the reader finds either the old file or the new one, whole.
    /// Foundation's atomic write resets the mode to 0644 and skips the directory fsync.
    static func replace(_ path: String, with data: Data, mode: mode_t) throws {
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw StoreError.io(path: path, reason: "cannot write there (\(String(cString: strerror(errno))))")
        }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno == ENOSPC || errno == EFBIG ? "no space left to write (disk full or file size limit)"
                        : String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(fd, mode) != 0 || fsync(fd) != 0 {
            failure = String(cString: strerror(errno))
        }
        close(fd)
        if failure == nil, rename(temp, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temp)
            throw StoreError.io(path: path, reason: failure)
        }
        syncDirectory(of: path)
    }

    static func syncDirectory(of path: String) {
        var parent = (path as NSString).deletingLastPathComponent
        if parent.isEmpty { parent = "." }
        let fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func mode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
