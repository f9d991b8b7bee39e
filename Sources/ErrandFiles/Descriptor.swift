import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Whole writes and bounded reads on a descriptor, retried after a signal: write(2) may take
/// part of what it is given and read(2) may stop at any size, so every caller needs the loop,
/// and this is the one.
public enum Descriptor {
    /// Writes every byte unless the descriptor fails; nil when all went, else the errno of the
    /// failed write (EIO for a write that took nothing and said nothing).
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, base + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            offset += n
        }
        return nil
    }

    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: some ContiguousBytes) -> Int32? {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    @discardableResult
    public static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Everything up to the end, or the first `limit` bytes of it (the rest is left unread).
    public static func readAll(_ fd: Int32, limit: Int = .max) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}
