import ErrandDomain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Downloads by running `errand-fetch` (beside the errand executable, or `ERRAND_FETCH`): the
/// body arrives on its stdout, a failure as one wire line on its stderr. With `progress`, the
/// helper draws its progress line on `progressDescriptor` (our stderr unless told otherwise),
/// passed to it as its descriptor 3, apart from the stderr that carries the reason.
public struct HelperDownloader: Downloader {
    public var progress: Bool
    public var progressDescriptor: Int32
    public var helperPath: String
    /// The User-Agent the helper sends (`--user-agent`); nil: "errand-fetch".
    public var userAgent: String?

    public init(progress: Bool = false, progressDescriptor: Int32 = 2, helperPath: String? = nil,
                userAgent: String? = nil) {
        self.progress = progress
        self.progressDescriptor = progressDescriptor
        self.helperPath = helperPath ?? HelperDownloader.defaultPath()
        self.userAgent = userAgent
    }

    public static func defaultPath() -> String {
        besideExecutable("errand-fetch", unless: "ERRAND_FETCH")
    }

    /// A helper program (`name`) beside this one or where a package puts it (see helperPath),
    /// unless the variable names another.
    public static func besideExecutable(_ name: String, unless variable: String) -> String {
        if let path = getenv(variable).map({ String(cString: $0) }), !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return name }
        let me = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return helperPath(executable: me, name: name) { access($0, X_OK) == 0 }
    }

    /// Beside errand (a checkout's .build/release), else where a package installs it:
    /// `/usr/bin/errand` looks in `/usr/lib/errand/` (so does /usr/local, or any prefix). When
    /// neither is there the path beside errand is the one a failure names.
    public static func helperPath(executable: String, name: String = "errand-fetch",
                                  isExecutable: (String) -> Bool) -> String {
        // Folders by hand, not split and joined: that generic pair cost 7% of a start-up (callgrind).
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? ""
        let beside = folder + "/" + name
        guard !isExecutable(beside), let slash = folder.lastIndex(of: "/") else { return beside }
        let installed = String(folder[..<slash]) + "/lib/errand/" + name
        return isExecutable(installed) ? installed : beside
    }

    public func download(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Data {
        var body = Data()
        do {
            try stream(url, limits: limits) { body.append(contentsOf: $0) }
        } catch let error as CatalogueError {
            throw error
        } catch {
            throw .unreachable(url: url.absoluteString, reason: "\(error)")
        }
        return body
    }

    public func stream(_ url: URL, limits: FetchLimits, into consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let name = url.absoluteString
        let helper = try start(url, limits: limits)
        defer { close(helper.output); close(helper.errors) }
        // The helper enforces the limit; this bound only guards against a helper gone wrong.
        var total = 0
        var consumeError: Error?
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while total <= limits.maxBytes {
            let n = chunk.withUnsafeMutableBytes { read(helper.output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            total += n
            if consumeError == nil {
                do {
                    try chunk.withUnsafeBytes { try consume(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                } catch {
                    consumeError = error
                }
            }
        }
        if total > limits.maxBytes { kill(helper.pid, SIGKILL) }
        let message = String(decoding: HelperDownloader.readAll(helper.errors, limit: 64 << 10), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(helper.pid, &status, 0) < 0 && errno == EINTR {}
        if total > limits.maxBytes { throw CatalogueError.tooLarge(url: name, limit: limits.maxBytes) }
        let exited = (status & 0x7f) == 0
        guard exited && (status >> 8) & 0xff == 0 else {
            throw HelperDownloader.failure(url: name, stderr: message, exitStatus: exited ? (status >> 8) & 0xff : nil,
                                           signal: status & 0x7f)
        }
        if let consumeError { throw consumeError }
    }

    /// The running helper: its pid, and the read ends of its stdout (the body) and stderr.
    struct Running {
        let pid: pid_t
        let output: Int32
        let errors: Int32
    }

    func start(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> Running {
        let name = url.absoluteString
        // A password goes on the helper's stdin, never in its arguments: any local user can
        // read those (ps, /proc).
        guard let parts = URLPassword.split(url) else { throw .unsupportedURL(name) }
        let (plain, password) = parts
        var arguments = [helperPath, "--max-bytes", String(limits.maxBytes), "--idle", String(limits.idleTimeout),
                         "--total", String(limits.totalTimeout)]
        if progress { arguments += ["--progress-fd", "3"] }
        if limits.kind != .json { arguments += ["--accept", limits.kind.rawValue] }
        if password != nil { arguments.append("--password-on-stdin") }
        if let userAgent { arguments += ["--user-agent", userAgent] }
        arguments.append(plain.absoluteString)
        var input: Int32?
        if let password {
            input = HelperDownloader.passwordPipe(password)
            guard input != nil else { throw .unreachable(url: name, reason: "cannot pass the password to the download helper") }
        }
        defer { if let input { close(input) } }
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard HelperDownloader.makePipe(&out) else { throw .unreachable(url: name, reason: "cannot start the download (no pipes)") }
        guard HelperDownloader.makePipe(&err) else {
            close(out[0]); close(out[1])
            throw .unreachable(url: name, reason: "cannot start the download (no pipes)")
        }
        var pid: pid_t = 0
        let spawned = spawn(arguments, pid: &pid, input: input, output: out[1], errors: err[1])
        close(out[1])
        close(err[1])
        guard spawned == 0 else {
            close(out[0]); close(err[0])
            throw .unreachable(url: name, reason: "cannot run the download helper \(helperPath) (\(String(cString: strerror(spawned))))")
        }
        return Running(pid: pid, output: out[0], errors: err[0])
    }

    /// Starts the helper with `input` (or /dev/null) on 0, `output` on 1, `errors` on 2 and,
    /// with progress, our progress descriptor on 3; returns posix_spawn's result.
    func spawn(_ arguments: [String], pid: inout pid_t, input: Int32?, output: Int32, errors: Int32) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The actions run in order. Descriptor 0 comes first, as the password pipe's read end
        // may be 3. Descriptor 3 must copy our stderr before 2 becomes the reason pipe (the
        // other way round, the progress line's erase sequence landed in front of the reason).
        // The other pipes' write ends are never 3: each read end was opened first.
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if progress { posix_spawn_file_actions_adddup2(&actions, progressDescriptor, 3) }
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return posix_spawn(&pid, helperPath, &actions, nil, argv, environ)
    }

    /// A pipe's read end that already holds `password`, its write end closed. A pipe buffers
    /// 64 KiB, so writing a password (4 KiB at most) never waits for the reader.
    static func passwordPipe(_ password: String) -> Int32? {
        let bytes = Array(password.utf8)
        var fds: [Int32] = [-1, -1]
        guard bytes.count <= 4096, makePipe(&fds) else { return nil }
        let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        guard written == bytes.count else {
            close(fds[0])
            return nil
        }
        return fds[0]
    }

    /// What a failed helper's stderr means: its wire line when there is one (anything else
    /// that reached its stderr, a runtime warning say, is passed over), else its first line,
    /// with control characters neutralised so that the message stays one printable line.
    static func failure(url: String, stderr: String, exitStatus: Int32?, signal: Int32) -> CatalogueError {
        let lines = stderr.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(String.init)
        if let error = lines.lazy.compactMap(CatalogueError.init(wireLine:)).last { return error }
        // Ctrl-C reaches the whole foreground group: the helper went because the user said so.
        if exitStatus == nil, signal == SIGINT { return .cancelled }
        let line = TextSafety.neutralised(lines.first ?? "", asSpace: ["\t"])
        let why = exitStatus.map { line.isEmpty ? "exit status \($0)" : line } ?? "killed by signal \(signal)"
        return .unreachable(url: url, reason: "the download helper failed: \(why)")
    }

    /// Both ends close on exec: the helper gets only the copies placed on 1 and 2.
    public static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    static func readAll(_ fd: Int32, limit: Int) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count < limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        return data
    }
}
