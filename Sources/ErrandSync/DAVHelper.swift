import ErrandCatalogue
import Dispatch
import ErrandDAVWire
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
    let credentials: (user: String, password: String)?
    private var pid: pid_t = 0
    private var toHelper: Int32 = -1
    private var fromHelper: Int32 = -1
    private var source: DescriptorSource?
    private var nextID = 0

    public init(helperPath: String? = nil, limits: FetchLimits, credentials: (user: String, password: String)?) {
        self.helperPath = helperPath ?? HelperDownloader.defaultPath()
        self.limits = limits
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
        DispatchQueue.global().async { DAVHelper.writeAll(fd, batch) }
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
            guard case let .reply(id, reply)? = frame, id >= first, id - first < replies.count, replies[id - first] == nil else {
                throw .helper("the request helper stopped before answering (\(helperPath))")
            }
            replies[id - first] = reply
            left -= 1
        }
        return replies.compactMap { $0 }
    }

    public func close() {
        guard pid != 0 else { return }
        Glibc.close(toHelper)
        Glibc.close(fromHelper)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        source = nil
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
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, helperPath, &actions, nil, argv, environ)
        Glibc.close(input[0])
        Glibc.close(output[1])
        guard spawned == 0 else {
            Glibc.close(input[1]); Glibc.close(output[0])
            throw .helper("cannot run the request helper \(helperPath) (\(String(cString: strerror(spawned))))")
        }
        pid = child
        toHelper = input[1]
        fromHelper = output[0]
        source = DescriptorSource(fd: output[0])
        if let credentials { DAVHelper.writeAll(toHelper, DAVWire.credentials(user: credentials.user, password: credentials.password)) }
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
