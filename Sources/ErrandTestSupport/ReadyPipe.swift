import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The test's end of errand's readiness signal (ERRAND_READY_FD, ReadySignal): a FIFO the
/// program under test writes a line to each time it waits for input. Opened for reading
/// without blocking before the program starts; Linux reports the end (POLLHUP) only once a
/// writer has come and gone, so waiting before errand opens it simply waits.
public final class ReadyPipe {
    public let path: String
    private let descriptor: Int32
    private var pending = Data()
    public private(set) var ended = false

    public init(directory: String = NSTemporaryDirectory()) throws {
        path = directory + "/errand-ready-" + UUID().uuidString
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next event, or nil once the writer has closed its end (the program ended) or
    /// `patience` seconds passed without a line: a bound only a hang reaches.
    public func next(patience: Double = Waiting.patience) -> ReadyEvent? {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            if let event = take() { return event }
            if ended { return nil }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left, 60) * 1000))
            if ready < 0, errno != EINTR { return nil }
            if ready > 0 { fill() }
        }
    }

    /// Every event already written, without waiting: the last one says what errand waits for now.
    public func drain() -> [ReadyEvent] {
        fill()
        var events: [ReadyEvent] = []
        while let event = take() { events.append(event) }
        return events
    }

    private func fill() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                pending.append(contentsOf: buffer[0..<count])
                continue
            }
            if count == 0 {
                // No writer: the end, unless no writer has come yet (then poll had nothing).
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLHUP) != 0 { ended = true }
            }
            return
        }
    }

    private func take() -> ReadyEvent? {
        guard let newline = pending.firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending.removeSubrange(pending.startIndex...newline)
        return ReadyEvent(line)
    }
}
