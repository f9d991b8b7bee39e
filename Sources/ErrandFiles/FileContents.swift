import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A whole file read into memory, with the system's reason when it cannot be: Foundation's
/// Data(contentsOf:) words its errors through NSError, which errand does not link.
public enum FileContents {
    public static func read(_ path: String) throws(FileFailure) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(path, "cannot read it") }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(path, "cannot read it")
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}
