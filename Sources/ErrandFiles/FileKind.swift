#if canImport(Glibc)
import Glibc
#endif

/// What a path or an open descriptor is, so that a reader can refuse a FIFO, a device or a
/// directory by name before it reads a byte: reading `/dev/urandom` or a FIFO never ends.
public enum FileKind: Equatable, Sendable {
    case regular(size: Int)
    case directory
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case other

    /// nil when the path cannot be examined (missing, no permission on a parent directory).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// nil when the descriptor cannot be examined.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular(size: Int(info.st_size))
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    public var isRegular: Bool {
        if case .regular = self { return true }
        return false
    }

    /// "a character device", for messages such as "FILE: is a character device, not a script".
    public var noun: String {
        switch self {
        case .regular: return "a regular file"
        case .directory: return "a directory"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "a special file"
        }
    }
}
