import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Creating and replacing files so that nothing planted in their folder can redirect the
/// write: a new file gets an unpredictable name and is opened with O_CREAT | O_EXCL |
/// O_NOFOLLOW, so a symbolic or hard link already at that name makes the open fail instead
/// of truncating whatever it points to. New files are 0600 whatever the umask.
public enum PrivateFile {
    /// How many random names to try before deciding someone is planting them as fast as we draw.
    static let attempts = 16

    /// Creates `PATH.TAG-RANDOM` beside `path` and returns it open for writing. The random part
    /// (60 bits from the system generator) is what a planted `PATH.tmp-PID` can no longer guess.
    public static func create(beside path: String, tag: String, mode: mode_t = 0o600) throws(FileFailure)
        -> (descriptor: Int32, path: String) {
        for _ in 0..<attempts {
            let candidate = path + "." + tag + "-" + randomSuffix()
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 {
                // open() applies the umask; fchmod does not, so 0600 stays 0600 under umask 000 too.
                fchmod(fd, mode)
                return (fd, candidate)
            }
            guard errno == EEXIST || errno == ELOOP else { throw .system(path, "cannot write there") }
        }
        throw FileFailure(path: path, reason: "cannot create a temporary file beside it: \(attempts) random names "
            + "in a row were taken (is something planting files there?)")
    }

    /// Writes `data` to a fresh file beside `path`, fsyncs it, renames it over `path` and fsyncs
    /// the folder: after a crash the reader finds the old file or the new one, whole. The file
    /// keeps the mode it had (0600 when new). Foundation's atomic write resets the mode to
    /// 0644 and skips the folder fsync.
    public static func replace(_ path: String, with data: Data) throws(FileFailure) {
        let target = try resolved(path)
        var info = stat()
        let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o600
        try rewrite(data, over: target, mode: mode, naming: path)
    }

    /// Like `replace`, but whatever is at `path` (a link included) is replaced, never followed:
    /// for files only Errand makes, such as the image cache's, where a link can only be planted.
    public static func put(_ data: Data, over path: String, mode: mode_t = 0o600) throws(FileFailure) {
        try rewrite(data, over: path, mode: mode, naming: path)
    }

    private static func rewrite(_ data: Data, over target: String, mode: mode_t, naming path: String) throws(FileFailure) {
        let temp = try create(beside: target, tag: "tmp", mode: mode)
        var failure = writeAll(data, to: temp.descriptor)
        if failure == nil, fsync(temp.descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(temp.descriptor)
        if failure == nil, rename(temp.path, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temp.path)
            throw FileFailure(path: path, reason: failure)
        }
        syncDirectory(of: target)
    }

    /// Where writing `path` really happens, with every link on the way resolved: an existing
    /// file's real path, or for a file not made yet its folder's real path and its name. A link
    /// to an existing file is followed, since people keep a store in a synced folder that way; a
    /// link to nothing is refused, as it is how a planted name would choose where a new file goes.
    public static func resolved(_ path: String) throws(FileFailure) -> String {
        var info = stat()
        if lstat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 {
                throw FileFailure(path: path, reason: "is a symbolic link to nothing, and Errand does not create a file "
                    + "through a link (make the file it points to first, or remove the link)")
            }
            return realPath(path) ?? path
        }
        let folder = PathText.folder(of: path)
        let name = PathText.name(of: path)
        return (realPath(folder.isEmpty ? "." : folder) ?? folder) + "/" + name
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The reason a write failed, or nil; a full disk says so in words people recognise.
    static func writeAll(_ data: Data, to fd: Int32) -> String? {
        guard let code = Descriptor.writeAll(fd, data) else { return nil }
        return code == ENOSPC || code == EFBIG ? "no space left to write (disk full or file size limit)"
            : String(cString: strerror(code))
    }

    /// Makes a rename or a new name durable: the folder's entry is data too.
    public static func syncDirectory(of path: String) {
        var parent = PathText.folder(of: path)
        if parent.isEmpty { parent = "." }
        let fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func randomSuffix() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<12).map { _ in alphabet.randomElement(using: &generator) ?? UInt8(ascii: "x") },
                      as: UTF8.self)
    }
}
