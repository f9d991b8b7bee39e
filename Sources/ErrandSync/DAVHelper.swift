import ErrandCatalogue
import Dispatch
import ErrandDAVWire
import ErrandDomain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Runs requests through one `errand-fetch --dav` process (errand never links the HTTP stack):
/// started at the first batch, fed credentials as its first frame on stdin (never in its
/// arguments), ended by `close`. Requests are written from a thread of their own while replies
/// are read here, so a batch of 10,000 never waits on a full pipe.
public final class DAVHelper: DAVTransport {
    public let helperPath: String
    public let limits: FetchLimits
    /// Seconds the whole sync may take, every request together; nil for no bound.
    public let syncLimit: Double?
    /// When syncLimit runs out (DescriptorSource's clock), counted from this helper's making.
    private let deadline: Double?
    let credentials: (user: String, password: String)?
    private var pid: pid_t = 0
    private var toHelper: Int32 = -1
    private var fromHelper: Int32 = -1
    /// The helper's stderr: an unlinked file, read only to say why it stopped (a pipe nobody
    /// reads could fill and block a crashing helper forever).
    private var errors: Int32 = -1
    /// Writes to the helper, one batch after another, and finally closes its input: the
    /// descriptor is never closed under a write still running (its number could be reused).
    private let writer = DispatchQueue(label: "errand.dav-helper.writer")
    private var source: DescriptorSource?
    private var nextID = 0

    public init(helperPath: String? = nil, limits: FetchLimits, syncLimit: Double? = nil,
                credentials: (user: String, password: String)?) {
        self.helperPath = helperPath ?? HelperDownloader.defaultPath()
        self.limits = limits
        self.syncLimit = syncLimit
        deadline = syncLimit.map { DescriptorSource.now() + $0 }
        self.credentials = credentials
    }

    deinit { close() }

    public func perform(_ requests: [DAVRequest]) throws(SyncError) -> [DAVReply] {
        if requests.isEmpty { return [] }
        if pid == 0 { try start() }
        let first = nextID
        nextID += requests.count
        var frames: [UInt8] = []
        for (offset, request) in requests.enumerated() { frames += DAVWire.encode(request, id: first + offset) }
        let fd = toHelper
        let batch = frames
        // Written apart from the reading below (Dispatch, not Thread: errand links FoundationEssentials only).
        writer.async { DAVHelper.writeAll(fd, batch) }
        var replies = [DAVReply?](repeating: nil, count: requests.count)
        var left = requests.count
        guard var source else { throw .helper("the request helper is not running") }
        defer { self.source = source }
        while left > 0 {
            let frame: DAVWire.Frame?
            do {
                frame = try DAVWire.read(from: &source, maxBody: limits.maxBytes)
            } catch {
                kill(pid, SIGKILL)
                throw .helper("the request helper answered out of turn (\(error.description))")
            }
            if frame == nil, source.timedOut, let syncLimit {
                // Each request is within its own limits, but a sync made of many can still
                // keep errand busy without end: the helper goes, with what it was doing.
                kill(pid, SIGKILL)
                _ = end(waiting: nil)
                throw .deadline(seconds: syncLimit)
            }
            guard case let .reply(id, reply)? = frame, id >= first, id - first < replies.count, replies[id - first] == nil else {
                throw stopped()
            }
            replies[id - first] = reply
            left -= 1
        }
        return replies.compactMap { $0 }
    }

    public func close() {
        guard pid != 0 else { return }
        _ = end(waiting: nil)
        if errors >= 0 { Glibc.close(errors) }
        errors = -1
    }

    /// Closes the helper's input after the last batch (its cue to exit), waits for it, then
    /// closes the rest. `waiting`: seconds to wait before killing it, for one that closed its
    /// output (exiting, or broken); nil waits as long as it takes to finish the last requests.
    private func end(waiting: Double?) -> Int32 {
        let input = toHelper
        writer.async { _ = Glibc.close(input) }
        var status: Int32 = 0
        if let waiting {
            var left = waiting
            while waitpid(pid, &status, WNOHANG) == 0, left > 0 {
                usleep(5_000)
                left -= 0.005
            }
            if left <= 0 { kill(pid, SIGKILL) }
        }
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        writer.sync {}
        Glibc.close(fromHelper)
        pid = 0
        source = nil
        return status
    }

    /// Why the helper stopped answering: Ctrl-C (SIGINT reaches the whole foreground group, the
    /// helper with errand) is the user cancelling, anything else a helper that died.
    private func stopped() -> SyncError {
        let status = end(waiting: 2)
        if status & 0x7f == SIGINT { return .cancelled }
        return .helper("the request helper stopped before answering (\(stopReason(status)))")
    }

    /// How the helper ended, and the last line it wrote on stderr, once it has stopped answering.
    private func stopReason(_ status: Int32) -> String {
        let name = helperPath.split(separator: "/").last.map(String.init) ?? helperPath
        var said = ""
        if errors >= 0 {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let size = lseek(errors, 0, SEEK_END)
            let n = bytes.withUnsafeMutableBytes { pread(errors, $0.baseAddress, $0.count, max(0, size - 4096)) }
            let text = String(decoding: bytes.prefix(max(0, n)), as: UTF8.self)
            let last = text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            said = String(TextSafety.neutralised(Secrets.redacted(last)).prefix(200))
            Glibc.close(errors)
            errors = -1
        }
        var how = "\(name) exited"
        if status & 0x7f != 0 {
            how = "\(name) was killed by signal \(status & 0x7f)"
        } else if (status >> 8) & 0xff != 0 {
            how = "\(name) exited with status \((status >> 8) & 0xff)"
        }
        return said.isEmpty ? how : "\(how): \(said)"
    }

    private func start() throws(SyncError) {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard HelperDownloader.makePipe(&input) else { throw .helper("cannot start the request helper (no pipes)") }
        guard HelperDownloader.makePipe(&output) else {
            Glibc.close(input[0]); Glibc.close(input[1])
            throw .helper("cannot start the request helper (no pipes)")
        }
        let arguments = [helperPath, "--dav", "--max-bytes", String(limits.maxBytes), "--idle", String(limits.idleTimeout),
                         "--total", String(limits.totalTimeout)]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        errors = DAVHelper.unlinkedFile()
        if errors >= 0 {
            posix_spawn_file_actions_adddup2(&actions, errors, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, helperPath, &actions, nil, argv, environ)
        Glibc.close(input[0])
        Glibc.close(output[1])
        guard spawned == 0 else {
            Glibc.close(input[1]); Glibc.close(output[0])
            if errors >= 0 { Glibc.close(errors) }
            errors = -1
            throw .helper("cannot run the request helper \(helperPath) (\(String(cString: strerror(spawned))))")
        }
        pid = child
        toHelper = input[1]
        fromHelper = output[0]
        source = DescriptorSource(fd: output[0], deadline: deadline)
        if let credentials {
            let fd = toHelper, frame = DAVWire.credentials(user: credentials.user, password: credentials.password)
            writer.async { DAVHelper.writeAll(fd, frame) }
        }
    }

    /// A file in $TMPDIR (or /tmp) that no one else can open: made, then unlinked at once.
    static func unlinkedFile() -> Int32 {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((folder + "/errand-fetch-stderr-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return -1 }
        // Not inherited by errand's other children (errand-ical); dup2 gives the helper its own.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { if let path = $0.baseAddress { _ = unlink(path) } }
        return fd
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// How the client sends requests: the helper process, or a fake in tests.
public protocol DAVTransport: AnyObject {
    func perform(_ requests: [DAVRequest]) throws(SyncError) -> [DAVReply]
    func close()
}
