import Dispatch
import ErrandDAVWire
import ErrandDomain
import ErrandFiles
import ErrandHelpers
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
    /// Its stderr is an unlinked file, read only to say why it stopped (a pipe nobody reads
    /// could fill and block a crashing helper forever).
    private var process: HelperProcess?
    private var toHelper: Int32 = -1
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
        if process == nil { try start() }
        let first = nextID
        nextID += requests.count
        var frames: [UInt8] = []
        for (offset, request) in requests.enumerated() { frames += DAVWire.encode(request, id: first + offset) }
        let fd = toHelper
        let batch = frames
        // Written apart from the reading below (Dispatch, not Thread: errand links FoundationEssentials only).
        writer.async { Descriptor.writeAll(fd, batch) }
        var replies = [DAVReply?](repeating: nil, count: requests.count)
        var left = requests.count
        guard var source else { throw .helper("the request helper is not running") }
        defer { self.source = source }
        while left > 0 {
            let frame: DAVWire.Frame?
            do {
                frame = try DAVWire.read(from: &source, maxBody: limits.maxBytes)
            } catch {
                process?.kill()
                throw .helper("the request helper answered out of turn (\(error.description))")
            }
            if frame == nil, source.timedOut, let syncLimit {
                // Each request is within its own limits, but a sync made of many can still
                // keep errand busy without end: the helper goes, with what it was doing.
                process?.kill()
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
        guard process != nil else { return }
        _ = end(waiting: nil)
    }

    /// Closes the helper's input after the last batch (its cue to exit), waits for it, then
    /// closes the rest. `waiting`: seconds to wait before killing it, for one that closed its
    /// output (exiting, or broken); nil waits as long as it takes to finish the last requests.
    private func end(waiting: Double?) -> (HelperExit, said: [UInt8]) {
        guard let process else { return (.exited(0), []) }
        let input = toHelper
        writer.async { _ = Glibc.close(input) }
        let exit = process.wait(atMost: waiting)
        writer.sync {}
        let said = process.errorTail(limit: 4096)
        self.process = nil
        toHelper = -1
        source = nil
        return (exit, said)
    }

    /// Why the helper stopped answering: Ctrl-C (SIGINT reaches the whole foreground group, the
    /// helper with errand) is the user cancelling, anything else a helper that died.
    private func stopped() -> SyncError {
        let (exit, said) = end(waiting: 2)
        if exit.signal == SIGINT { return .cancelled }
        return .helper("the request helper stopped before answering (\(stopReason(exit, said: said)))")
    }

    /// How the helper ended, and the last line it wrote on stderr, once it has stopped answering.
    private func stopReason(_ exit: HelperExit, said bytes: [UInt8]) -> String {
        let name = helperPath.split(separator: "/").last.map(String.init) ?? helperPath
        let last = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        let said = String(TextSafety.neutralised(Secrets.redacted(last)).prefix(200))
        return said.isEmpty ? "\(name) \(exit)" : "\(name) \(exit): \(said)"
    }

    private func start() throws(SyncError) {
        let arguments = ["--dav", "--max-bytes", String(limits.maxBytes), "--idle", String(limits.idleTimeout),
                         "--total", String(limits.totalTimeout)]
        let process: HelperProcess
        do {
            process = try HelperProcess(helperPath, arguments, input: .pipe, errors: .file)
        } catch {
            throw .helper(error.description(role: "the request helper", path: helperPath))
        }
        self.process = process
        toHelper = process.takeInput()
        source = DescriptorSource(fd: process.output, deadline: deadline)
        if let credentials {
            let fd = toHelper, frame = DAVWire.credentials(user: credentials.user, password: credentials.password)
            writer.async { Descriptor.writeAll(fd, frame) }
        }
    }
}
/// How the client sends requests: the helper process, or a fake in tests.
public protocol DAVTransport: AnyObject {
    func perform(_ requests: [DAVRequest]) throws(SyncError) -> [DAVReply]
    func close()
}
