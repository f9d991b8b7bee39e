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
        HelperPath.find("errand-fetch", unless: "ERRAND_FETCH")
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
        // The helper enforces the limit; this bound only guards against a helper gone wrong.
        var total = 0
        var consumeError: Error?
        let stopped = helper.collect(errorLimit: 64 << 10) { piece in
            total += piece.count
            guard total <= limits.maxBytes else { return false }
            if consumeError == nil {
                do {
                    try consume(piece)
                } catch {
                    consumeError = error
                }
            }
            return true
        }
        let exit = helper.wait()
        if stopped != nil { throw CatalogueError.tooLarge(url: name, limit: limits.maxBytes) }
        guard exit.succeeded else {
            throw HelperDownloader.failure(url: name, stderr: String(decoding: helper.errors, as: UTF8.self), exit: exit)
        }
        if let consumeError { throw consumeError }
    }

    func start(_ url: URL, limits: FetchLimits) throws(CatalogueError) -> HelperProcess {
        let name = url.absoluteString
        // A password goes on the helper's stdin, never in its arguments: any local user can
        // read those (ps, /proc).
        guard let parts = URLPassword.split(url) else { throw .unsupportedURL(name) }
        let (plain, password) = parts
        var arguments = ["--max-bytes", String(limits.maxBytes), "--idle", String(limits.idleTimeout),
                         "--total", String(limits.totalTimeout)]
        if progress { arguments += ["--progress-fd", "3"] }
        if limits.kind != .json { arguments += ["--accept", limits.kind.rawValue] }
        if password != nil { arguments.append("--password-on-stdin") }
        if let userAgent { arguments += ["--user-agent", userAgent] }
        arguments.append(plain.absoluteString)
        var input = HelperProcess.Input.none
        if let password {
            // The helper reads at most 4 KiB of it.
            guard password.utf8.count <= 4096 else {
                throw .unreachable(url: name, reason: "cannot pass the password to the download helper")
            }
            input = .bytes(Array(password.utf8))
        }
        let copies: [(from: Int32, to: Int32)] = progress ? [(from: progressDescriptor, to: Int32(3))] : []
        do throws(HelperProcess.StartFailure) {
            // With progress, our progress descriptor is the helper's 3, apart from the stderr
            // that carries the reason (the other way round, the progress line's erase sequence
            // landed in front of the reason).
            return try HelperProcess(helperPath, arguments, input: input, copies: copies)
        } catch {
            throw .unreachable(url: name, reason: error.description(role: "the download helper", path: helperPath))
        }
    }

    /// What a failed helper's stderr means: its wire line when there is one (anything else
    /// that reached its stderr, a runtime warning say, is passed over), else its first line,
    /// with control characters neutralised so that the message stays one printable line.
    static func failure(url: String, stderr: String, exit: HelperExit) -> CatalogueError {
        let lines = stderr.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(String.init)
        if let error = lines.lazy.compactMap(CatalogueError.init(wireLine:)).last { return error }
        // Ctrl-C reaches the whole foreground group: the helper went because the user said so.
        if exit.signal == SIGINT { return .cancelled }
        let line = TextSafety.neutralised(lines.first ?? "", asSpace: ["\t"])
        let why = exit.status.map { line.isEmpty ? "exit status \($0)" : line } ?? "killed by signal \(exit.signal ?? 0)"
        return .unreachable(url: url, reason: "the download helper failed: \(why)")
    }
}
