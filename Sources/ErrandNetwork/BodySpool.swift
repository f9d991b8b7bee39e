import Dispatch
import ErrandFiles
#if canImport(Glibc)
import Glibc
#endif

/// Passes a body on to stdout at the reader's pace without holding it in memory or holding up
/// the network: while errand stores ads (slower than loopback) a write to stdout would block,
/// and a transfer stalled that long would look idle. Pieces go to a file instead (unlinked at
/// once), and a thread copies them to stdout as fast as the reader takes them. The file takes
/// as much disk as the body (at most --max-bytes) until the helper exits.
public final class BodySpool: @unchecked Sendable {
    // @unchecked: `written`, `finished`, `failed` and `drained` are guarded by `state`.
    private let fd: Int32
    private let output: Int32
    private let state = ConditionLock()
    private var written = 0
    private var finished = false
    private var failed = false
    private var drained = false

    /// nil when no file could be made in `folder`.
    public init?(folder: String, output: Int32) {
        let made = UnlinkedFile.make(prefix: "errand-fetch-body", in: folder)
        guard made >= 0 else { return nil }
        fd = made
        self.output = output
        // A thread of its own: it blocks on the reader for as long as the reader takes.
        DispatchQueue(label: "errand-fetch.spool").async { [self] in copyOut() }
    }

    /// Appends a piece; false when it could not be kept (disk full) or the reader is gone.
    public func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let (offset, gone) = state.withLock { (written, failed) }
        if gone { return false }
        var ok = true
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let n = pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                ok = false
                break
            }
            done += n
        }
        state.change { if ok { written += bytes.count } else { failed = true } }
        return ok
    }

    /// No more pieces: waits until all of them reached the output; false if some could not.
    public func finish() -> Bool {
        state.change { finished = true }
        return state.wait(until: { drained }, then: { !failed })
    }

    private func copyOut() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var copied = 0
        while true {
            let (available, stop) = state.wait(until: { copied != written || finished || failed }) {
                (written, failed || (finished && copied == written))
            }
            if stop { break }
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, min($0.count, available - copied), off_t(copied)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0, chunk.withUnsafeBytes({ Descriptor.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<n])) == nil }) else {
                state.change { failed = true }
                break
            }
            copied += n
        }
        state.change { drained = true }
    }
}
