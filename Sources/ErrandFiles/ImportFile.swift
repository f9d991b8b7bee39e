import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads the file `import` is given: only a regular file and only up to `maxBytes`, both
/// checked before anything is read, so a FIFO, a device or a huge file is refused in one line
/// instead of hanging or filling memory. A refusal is a `FileFailure` naming the file (storage
/// passes it on as its own bad-file error, errand-ical as its one line).
public enum ImportFile {
    /// 64 MB. The apps' exports take about 200 bytes per item in XML: this is some 300,000
    /// items, far past any real list. The cap bounds the file, not the memory an import takes:
    /// bench figure 10 measures each format at it.
    public static let maxBytes = 64 << 20

    /// `expected` names what the file should be, for the refusal of a special file.
    public static func read(_ path: String, limit: Int = maxBytes, expected: String = "a property list") throws(FileFailure) -> Data {
        // Non-blocking: opening a FIFO that has no writer would otherwise wait forever.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw openFailure(path, errno, expected: expected) }
        defer { close(fd) }
        // The open descriptor decides, not the path: nothing can be swapped in between.
        let kind = FileKind(descriptor: fd) ?? .other
        guard case let .regular(size) = kind else { throw notAPropertyList(path, kind, expected: expected) }
        guard size <= limit else { throw tooLarge(path, size: size, limit: limit) }
        var data = Data()
        data.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure(path: path, reason: "cannot read the file (\(String(cString: strerror(errno))))")
            }
            data.append(contentsOf: chunk.prefix(count))
        }
        // It grew past the limit while being read.
        throw tooLarge(path, size: data.count, limit: limit)
    }

    static func openFailure(_ path: String, _ code: Int32, expected: String) -> FileFailure {
        // A socket cannot be opened at all (ENXIO): name it rather than print that errno.
        if FileKind(path: path) == .socket { return notAPropertyList(path, .socket, expected: expected) }
        let reason: String
        switch code {
        case ENOENT: reason = "no such file"
        case EACCES: reason = "permission denied"
        default: reason = String(cString: strerror(code))
        }
        return FileFailure(path: path, reason: "cannot read the file (\(reason))")
    }

    static func notAPropertyList(_ path: String, _ kind: FileKind, expected: String = "a property list") -> FileFailure {
        FileFailure(path: path, reason: "is \(kind.noun), not \(expected)")
    }

    static func tooLarge(_ path: String, size: Int, limit: Int) -> FileFailure {
        FileFailure(path: path, reason: "too large to import (\(megabytes(size)); the limit is \(megabytes(limit)))")
    }

    /// "64 MB", "300.5 MB": one decimal unless it is zero, rounded up so that a file just over
    /// the limit never reads as equal to it.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 20) - 1) / (1 << 20)
        return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}
