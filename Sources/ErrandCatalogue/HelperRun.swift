#if canImport(Glibc)
import Glibc
#endif

/// One run of the picture helper: its stdout (bounded) and stderr read together with poll,
/// a deadline past which it is killed, and what came of it.
struct HelperRun {
    enum Outcome: Equatable {
        /// What it drew.
        case drawn(String)
        /// The image is bad (the helper said why, or it died on it): not worth keeping.
        case refused(String)
        /// The helper could not be run: the image may be fine.
        case broken(String)
    }

    let outcome: Outcome

    init(_ arguments: [String], timeout: Double, outputLimit: Int) {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard HelperDownloader.makePipe(&out) else {
            outcome = .broken("cannot run the picture helper (no pipes)")
            return
        }
        guard HelperDownloader.makePipe(&err) else {
            close(out[0]); close(out[1])
            outcome = .broken("cannot run the picture helper (no pipes)")
            return
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        posix_spawn_file_actions_destroy(&actions)
        argv.forEach { free($0) }
        close(out[1])
        close(err[1])
        defer { close(out[0]); close(err[0]) }
        guard spawned == 0 else {
            outcome = .broken("cannot run the picture helper \(arguments[0]) (\(String(cString: strerror(spawned))))")
            return
        }
        let (body, message, stopped) = HelperRun.collect(out: out[0], err: err[0], timeout: timeout, limit: outputLimit)
        if stopped != nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        outcome = HelperRun.judge(status: status, body: body, message: message, stopped: stopped)
    }

    static func judge(status: Int32, body: [UInt8], message: [UInt8], stopped: String?) -> Outcome {
        if let stopped { return .refused(stopped) }
        let line = String(decoding: message, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let signal = status & 0x7f
        if signal != 0 {
            return .refused("the picture helper stopped on it (signal \(signal)\(signal == SIGXCPU ? ": over its CPU time" : ""))")
        }
        switch (status >> 8) & 0xff {
        case 0: return .drawn(String(decoding: body, as: UTF8.self))
        case 1: return .refused(line.isEmpty ? "the picture helper failed" : line)
        default: return .broken("the picture helper failed: " + (line.isEmpty ? "exit status \((status >> 8) & 0xff)" : line))
        }
    }

    /// Reads both pipes to their end; the third value says why it stopped early, if it did.
    static func collect(out: Int32, err: Int32, timeout: Double, limit: Int) -> ([UInt8], [UInt8], String?) {
        var body: [UInt8] = [], message: [UInt8] = []
        var open = [out, err]
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return (body, message, "drawing it took over \(Int(timeout)) s") }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let millis = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            let ready = poll(&fds, nfds_t(fds.count), millis)
            if ready < 0 && errno != EINTR { break }
            for fd in fds where fd.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fd.fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    open.removeAll { $0 == fd.fd }
                } else if fd.fd == out {
                    body += chunk[0..<n]
                    if body.count > limit { return (body, message, "the drawing is over \(limit >> 20) MB") }
                } else if message.count < 4096 {
                    message += chunk[0..<n]
                }
            }
        }
        return (body, message, nil)
    }
}
