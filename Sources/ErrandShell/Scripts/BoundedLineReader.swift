#if canImport(Glibc)
import Glibc
#endif

/// Splits the bytes `read` gives into lines while holding at most `limit` bytes of one line
/// plus one chunk. A longer line is skipped to its newline through the chunk buffer alone,
/// never kept; with a `skipLimit`, if no newline comes in the `skipLimit` bytes after the
/// first `limit`, reading stops.
///
/// `read` fills a buffer and returns how many bytes it put there (0 at the end). It is called
/// only when no whole line is buffered, and `read(2)` returns what a pipe holds, so a line
/// that has arrived is answered at once.
final class BoundedLineReader {
    enum Next: Equatable {
        case line(String)
        /// Longer than `limit`; skipped up to its newline (or the end of the input).
        case tooLong
        /// Longer than `limit` with no newline within `skipLimit`: nothing more is read.
        case endless
    }

    typealias Read = (UnsafeMutableRawBufferPointer) -> Int

    private let limit: Int
    private let skipLimit: Int?
    private let read: Read
    private let chunk: UnsafeMutableRawBufferPointer
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// `buffer` holds no newline before this index: each byte is searched once, however
    /// slowly a long line trickles in.
    private var searched = 0
    private var ended = false

    init(limit: Int = LineLimit.bytes, skipLimit: Int?, chunkSize: Int = 1 << 16,
         read: @escaping Read) {
        self.limit = limit
        self.skipLimit = skipLimit
        self.read = read
        chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 1)
        buffer.reserveCapacity(limit + chunk.count)
    }

    deinit { chunk.deallocate() }

    /// The next line, without its newline (and a carriage return before it); nil at the end.
    func next() -> Next? {
        while true {
            if let newline = buffer.withUnsafeBytes({ BoundedLineReader.newline(in: $0, from: searched) }) {
                let line = buffer[start..<newline]
                start = newline + 1
                searched = start
                return line.count > limit ? .tooLong : .line(BoundedLineReader.text(line))
            }
            searched = buffer.count
            if buffer.count - start > limit { return skipLongLine() }
            if ended || !fill() {
                // The last line may end without a newline.
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line.count > limit ? .tooLong : .line(BoundedLineReader.text(line))
            }
        }
    }

    /// Reads one more chunk into `buffer`, first dropping the lines already returned; false
    /// at the end of the input.
    private func fill() -> Bool {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            searched -= start
            start = 0
        }
        let count = read(chunk)
        guard count > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<min(count, chunk.count)]))
        return true
    }

    /// Drops the long line held so far and reads on through `chunk` to its newline; what
    /// follows the newline is kept for the next line.
    private func skipLongLine() -> Next {
        var skipped = 0
        buffer.removeAll(keepingCapacity: true)
        start = 0
        searched = 0
        while !ended {
            let count = min(read(chunk), chunk.count)
            guard count > 0 else { break }
            let filled = UnsafeRawBufferPointer(rebasing: chunk[0..<count])
            if let newline = BoundedLineReader.newline(in: filled, from: 0) {
                buffer.append(contentsOf: filled[(newline + 1)...])
                return .tooLong
            }
            skipped += count
            if let skipLimit, skipped > skipLimit {
                ended = true
                return .endless
            }
        }
        ended = true
        return .tooLong
    }

    /// memchr: a debug build searching byte by byte in Swift would take seconds on 16 MB.
    private static func newline(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        guard offset < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + offset, 0x0A, bytes.count - offset) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Invalid UTF-8 is repaired (U+FFFD), never a crash.
    private static func text(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }
}
