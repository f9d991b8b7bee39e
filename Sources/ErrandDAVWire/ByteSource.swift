#if canImport(Glibc)
import Glibc
#endif

/// Bytes read from somewhere, a line or a counted run at a time (DAVWire's frames).
public protocol ByteSource {
    /// The next line without its "\n"; nil at the end of input or past `limit` bytes.
    mutating func line(limit: Int) -> String?
    /// Exactly `count` bytes, or nil if the input ends first.
    mutating func bytes(_ count: Int) -> [UInt8]?
}

/// A file descriptor read through a buffer.
public struct DescriptorSource: ByteSource {
    let fd: Int32
    var buffer: [UInt8] = []
    var start = 0
    var ended = false
    /// CLOCK_MONOTONIC seconds past which reading gives up as if the input had ended.
    let deadline: Double?
    /// Whether the input "ended" because the deadline passed.
    public private(set) var timedOut = false

    public init(fd: Int32, deadline: Double? = nil) {
        self.fd = fd
        self.deadline = deadline
    }

    /// Now, on the clock `deadline` is read on.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    mutating func fill() -> Bool {
        if ended { return false }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let deadline, !readable(before: deadline) {
                timedOut = true
                ended = true
                return false
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                ended = true
                return false
            }
            buffer += chunk[0..<n]
            return true
        }
    }

    /// Waits for input until `deadline`; false once it has passed with none.
    func readable(before deadline: Double) -> Bool {
        while true {
            let left = deadline - DescriptorSource.now()
            if left <= 0 { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    public mutating func line(limit: Int) -> String? {
        // Offsets from `start`: fill() may move the unread bytes to the front.
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return text
            }
            scanned = buffer.count - start
            if scanned > limit || !fill() { return nil }
        }
    }

    public mutating func bytes(_ count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        // Whole at once: the frame's length is already bounded (maxBody), and reserving costs
        // no memory until written, where growing by doubling held the old buffer and the new
        // (96 MB for a 44 MB answer, the peak of a 100,000-item join: bench figure 11).
        out.reserveCapacity(count)
        while out.count < count {
            if start >= buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                if !fill() { return nil }
            }
            let take = min(count - out.count, buffer.count - start)
            out += buffer[start..<(start + take)]
            start += take
        }
        return out
    }
}

/// Bytes in memory (tests, fuzzing).
public struct ArraySource: ByteSource {
    var bytes: [UInt8]
    var start = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public mutating func line(limit: Int) -> String? {
        guard let newline = bytes[start...].firstIndex(of: 0x0A), newline - start <= limit else { return nil }
        defer { start = newline + 1 }
        return String(decoding: bytes[start..<newline], as: UTF8.self)
    }

    public mutating func bytes(_ count: Int) -> [UInt8]? {
        guard bytes.count - start >= count else { return nil }
        defer { start += count }
        return Array(bytes[start..<(start + count)])
    }
}
