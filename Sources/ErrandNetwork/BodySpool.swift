import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Passes a body on to stdout at the reader's pace without holding it in memory. URLSession
/// applies no back-pressure on Linux: every piece it receives is queued for the delegate, so
/// while errand stores ads (slower than loopback) the helper held most of a 95 MB body. Pieces
/// go to a file instead (unlinked at once, in the helper's private scratch folder), and a
/// thread copies them to stdout as fast as the reader takes them. The file takes as much disk
/// as the body (at most --max-bytes) until the helper exits.
public final class BodySpool: @unchecked Sendable {
    // @unchecked: `written`, `finished` and `failed` are guarded by `condition`.
    private let fd: Int32
    private let output: Int32
    private let condition = NSCondition()
    private var written = 0
    private var finished = false
    private var failed = false
    private var drained = false

    /// nil when no file could be made in `folder`.
    public init?(folder: String, output: Int32) {
        var template = Array((folder + "/body-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        fd = made
        self.output = output
        let thread = Thread { [self] in copyOut() }
        thread.start()
    }

    /// Appends a piece; false when it could not be kept (disk full) or the reader is gone.
    public func append(_ data: Data) -> Bool {
        condition.lock()
        let offset = written
        let gone = failed
        condition.unlock()
        if gone { return false }
        let ok = data.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        condition.lock()
        if ok { written += data.count } else { failed = true }
        condition.signal()
        condition.unlock()
        return ok
    }

    /// No more pieces: waits until all of them reached the output; false if some could not.
    public func finish() -> Bool {
        condition.lock()
        finished = true
        condition.broadcast()
        while !drained { condition.wait() }
        let ok = !failed
        condition.unlock()
        return ok
    }

    private func copyOut() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var copied = 0
        while true {
            condition.lock()
            while copied == written && !finished && !failed { condition.wait() }
            let available = written
            let stop = failed || (finished && copied == available)
            condition.unlock()
            if stop { break }
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, available - copied), off_t(copied)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0, chunk.withUnsafeBytes({ BodySpool.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }) else {
                condition.lock()
                failed = true
                condition.unlock()
                break
            }
            copied += n
        }
        condition.lock()
        drained = true
        condition.broadcast()
        condition.unlock()
    }

    /// Writes every byte unless the descriptor fails (a reader gone, say).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, base + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
