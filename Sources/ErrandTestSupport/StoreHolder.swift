import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Another program holding a store's write lock, for tests of what errand does while it waits:
/// sqlite3 inside BEGIN IMMEDIATE for a SQLite store, flock(1) on a property list's lock file.
/// It prints "held" once it holds the lock and lets go when a line comes on its standard input: both
/// events, so nothing is polled and no time is guessed.
public final class StoreHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var released = false

    public init(store: String, sqlite: Bool) throws {
        try Lane.mayStart("a process holding the store")
        let quoted = "'" + store.replacingOccurrences(of: "'", with: "'\\''") + "'"
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", sqlite
            ? "(echo 'BEGIN IMMEDIATE;'; echo '.system echo held'; read _; echo 'COMMIT;') | sqlite3 \(quoted)"
            : "flock \(quoted).lock sh -c 'echo held; read _'"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit { release() }

    /// True once it says it holds the lock; false if it ended first (or after Waiting.patience).
    public func held() -> Bool {
        let fd = output.fileHandleForReading.fileDescriptor
        var seen = Data()
        let deadline = Date().addingTimeInterval(Waiting.patience)
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(deadline.timeIntervalSinceNow, 60) * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return false }
            seen.append(contentsOf: buffer[0..<count])
            if String(decoding: seen, as: UTF8.self).contains("held\n") { return true }
        }
        return false
    }

    /// Lets go of the lock and waits for it to end. A line, not the end of input: a process
    /// the test started since (tmux's server) may have inherited the pipe's writing end.
    public func release() {
        guard !released else { return }
        released = true
        try? input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }
}
