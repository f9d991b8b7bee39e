import CProcessGuard
import ErrandFiles
#if canImport(Glibc)
import Glibc
#endif

/// One helper process, as every client starts it: posix_spawn with pipes made close-on-exec
/// (the helper gets only the copies placed on 0, 1 and 2), stdout and stderr read together
/// with poll (a helper that fills one pipe while errand waits on the other would stall
/// forever), stderr kept to a bound, and the wait status decoded once (`HelperExit`).
public final class HelperProcess {
    /// What the helper reads on its stdin.
    public enum Input {
        /// Nothing: /dev/null.
        case none
        /// These bytes, written by `collect` as the helper reads them, then end of input.
        case bytes([UInt8])
        /// A pipe the caller writes itself (`input`), for a helper that lives across requests.
        case pipe
    }

    /// Where the helper's stderr goes.
    public enum Errors {
        /// A pipe `collect` reads beside stdout, keeping the first `errorLimit` bytes.
        case pipe
        /// An unlinked temporary file no one else can open, read only once the helper has
        /// stopped (`errorTail`): for a helper that lives on while nobody reads its stderr.
        case file
    }

    /// Why it could not be started.
    public enum StartFailure: Error, Equatable {
        case noPipes
        case spawn(errno: Int32)

        /// `role` names the helper as its client's messages do ("the download helper").
        public func description(role: String, path: String) -> String {
            switch self {
            case .noPipes: return "cannot start \(role) (no pipes)"
            case let .spawn(code): return "cannot run \(role) \(path) (\(String(cString: strerror(code))))"
            }
        }
    }

    /// Why `collect` stopped before the helper's output ended (the helper is then killed).
    public enum Stop: Equatable {
        /// The deadline passed.
        case deadline
        /// The output handler asked to stop (too much output, say).
        case refused
    }

    public let pid: pid_t
    /// The write end of the helper's stdin with `Input.pipe`, else -1.
    public private(set) var input: Int32
    /// The read end of the helper's stdout.
    public private(set) var output: Int32
    private var errorPipe: Int32
    private var errorFile: Int32
    /// `Input.bytes` not yet written; `feeds` is false for the other inputs, left alone here.
    private var pending: [UInt8]
    private let feeds: Bool
    private var written = 0
    private var exit: HelperExit?
    /// What the helper wrote on stderr, up to the limit given to `collect`.
    public private(set) var errors: [UInt8] = []

    /// Starts `path` with `arguments` (argv[0] is the path). `copies` are descriptors of ours
    /// the helper gets at the numbers given (errand's stderr as its 3, for a progress line),
    /// placed after its stdin and before its stdout and stderr: a pipe's read end opened for
    /// stdin may be our 3, and 3 must be copied before 2 becomes the stderr pipe.
    public init(_ path: String, _ arguments: [String], input: Input = .none, errors: Errors = .pipe,
                copies: [(from: Int32, to: Int32)] = []) throws(StartFailure) {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        func closeAll() { (inPipe + outPipe + errPipe).forEach { if $0 >= 0 { close($0) } } }
        if case .none = input {} else {
            guard HelperProcess.makePipe(&inPipe) else { throw .noPipes }
        }
        guard HelperProcess.makePipe(&outPipe) else {
            closeAll()
            throw .noPipes
        }
        var errorFile: Int32 = -1
        switch errors {
        case .pipe:
            guard HelperProcess.makePipe(&errPipe) else {
                closeAll()
                throw .noPipes
            }
        case .file:
            errorFile = HelperProcess.unlinkedFile()
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        HelperProcess.placeDescriptors(&actions, input: inPipe[0], output: outPipe[1],
                                       errors: errPipe[1] >= 0 ? errPipe[1] : errorFile, copies: copies)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = HelperProcess.spawn(&child, path, &actions, argv)
        // The helper's ends are its own now.
        for fd in [inPipe[0], outPipe[1], errPipe[1]] where fd >= 0 { close(fd) }
        guard spawned == 0 else {
            for fd in [inPipe[1], outPipe[0], errPipe[0], errorFile] where fd >= 0 { close(fd) }
            throw .spawn(errno: spawned)
        }
        pid = child
        self.input = inPipe[1]
        output = outPipe[0]
        errorPipe = errPipe[0]
        self.errorFile = errorFile
        if case let .bytes(bytes) = input {
            pending = bytes
            feeds = true
            // Written as poll says the pipe has room, never blocking the reads beside it.
            _ = fcntl(self.input, F_SETFL, fcntl(self.input, F_GETFL) | O_NONBLOCK)
        } else {
            pending = []
            feeds = false
        }
    }

    deinit {
        for fd in [input, output, errorPipe, errorFile] where fd >= 0 { close(fd) }
    }

    /// What the helper finds at 0, 1 and 2 (a descriptor of -1: /dev/null), with `copies`
    /// between its stdin and its stdout (see `init`), and nothing else of ours.
    private static func placeDescriptors(_ actions: inout posix_spawn_file_actions_t, input: Int32, output: Int32,
                                         errors: Int32, copies: [(from: Int32, to: Int32)]) {
        if input >= 0 {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for copy in copies { posix_spawn_file_actions_adddup2(&actions, copy.from, copy.to) }
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        if errors >= 0 {
            posix_spawn_file_actions_adddup2(&actions, errors, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Whatever else is open here (a descriptor a library or a test made without
        // close-on-exec) stays here: a pipe end held by a helper would never read as ended.
        // Last, as the pipes above are copied from numbers it closes.
        _ = cprocess_spawn_close_from(&actions, max(3, (copies.map(\.to).max() ?? 2) + 1))
    }

    /// posix_spawn, tried again for a while when the program is busy being written (ETXTBSY):
    /// a file just written and closed here can still be open for writing in a child another
    /// thread is spawning, until that child execs (the race Go's os/exec also retries). The
    /// window is microseconds; a program really being written stays refused after ~100 ms.
    /// `busy` runs before each new try (a test closes its writer there).
    static func spawn(_ child: inout pid_t, _ path: String, _ actions: inout posix_spawn_file_actions_t,
                      _ argv: [UnsafeMutablePointer<CChar>?], busy: () -> Void = {}) -> Int32 {
        var result = posix_spawn(&child, path, &actions, nil, argv, environ)
        var tries = 0
        while result == ETXTBSY, tries < 100 {
            tries += 1
            busy()
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&pause, nil)
            result = posix_spawn(&child, path, &actions, nil, argv, environ)
        }
        return result
    }

    /// Feeds `Input.bytes`, and reads stdout (handed to `output` piece by piece) and stderr
    /// (the first `errorLimit` bytes kept, the rest read and dropped) until both end. Past
    /// `deadline`, or when `output` returns false, the helper is killed and the reason given.
    public func collect(deadline: ContinuousClock.Instant? = nil, errorLimit: Int,
                        output handle: (UnsafeRawBufferPointer) -> Bool) -> Stop? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        if feeds, pending.isEmpty { closeInput() }
        while output >= 0 || errorPipe >= 0 {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return stop(.deadline) }
                let (seconds, attoseconds) = left.components
                wait = Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            }
            var fds = [output, errorPipe].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if input >= 0, written < pending.count { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 && errno != EINTR { break }
            for fd in fds where fd.revents != 0 {
                if fd.fd == input {
                    feed()
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { read(fd.fd, $0.baseAddress, $0.count) }
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 {
                    closeReading(fd.fd)
                } else if fd.fd == output {
                    let wanted = chunk.withUnsafeBytes { handle(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    if !wanted { return stop(.refused) }
                } else if errors.count < errorLimit {
                    errors += chunk[0..<min(n, errorLimit - errors.count)]
                }
            }
        }
        // Both ends closed: whatever it did not read, it will not.
        if feeds { closeInput() }
        return nil
    }

    /// Waits for the helper to end. `atMost`: seconds after which it is killed (one that has
    /// closed its output but not exited); nil waits as long as it takes.
    @discardableResult
    public func wait(atMost seconds: Double? = nil) -> HelperExit {
        if let exit { return exit }
        var status: Int32 = 0
        if let seconds {
            var left = seconds
            while waitpid(pid, &status, WNOHANG) == 0, left > 0 {
                usleep(5_000)
                left -= 0.005
            }
            if left <= 0 { _ = Glibc.kill(pid, SIGKILL) }
        }
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let decoded = HelperExit(waitStatus: status)
        exit = decoded
        return decoded
    }

    public func kill() {
        if exit == nil { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Hands the write end of `Input.pipe` to the caller, who closes it (after a write still
    /// running on another thread: a number closed under it could be reused).
    public func takeInput() -> Int32 {
        defer { input = -1 }
        return input
    }

    private func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// The last `limit` bytes the helper wrote to its `Errors.file`, once it has stopped.
    public func errorTail(limit: Int) -> [UInt8] {
        guard errorFile >= 0 else { return errors }
        var bytes = [UInt8](repeating: 0, count: limit)
        let size = lseek(errorFile, 0, SEEK_END)
        let n = bytes.withUnsafeMutableBytes { pread(errorFile, $0.baseAddress, $0.count, max(0, size - off_t(limit))) }
        return Array(bytes.prefix(max(0, n)))
    }

    private func stop(_ reason: Stop) -> Stop {
        kill()
        if feeds { closeInput() }
        return reason
    }

    private func feed() {
        let n = pending.withUnsafeBytes { raw in
            write(input, raw.baseAddress.map { $0 + written }, min(raw.count - written, 1 << 16))
        }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
        // n <= 0: the helper stopped reading (it failed); its stderr says why.
        if n <= 0 {
            pending = []
            closeInput()
            return
        }
        written += n
        if written == pending.count {
            pending = []
            written = 0
            closeInput()
        }
    }

    private func closeReading(_ fd: Int32) {
        close(fd)
        if fd == output { output = -1 } else { errorPipe = -1 }
    }

    /// Both ends close on exec as the pipe is made: the helper gets only the copies placed on
    /// 0, 1 and 2, and no helper another thread spawns gets them at all.
    public static func makePipe(_ fds: inout [Int32]) -> Bool {
        fds.withUnsafeMutableBufferPointer { $0.baseAddress.map { cprocess_pipe_cloexec($0) == 0 } ?? false }
    }

    /// A file in $TMPDIR (or /tmp) that no one else can open.
    static func unlinkedFile() -> Int32 {
        UnlinkedFile.make(prefix: "errand-helper-stderr")
    }
}
