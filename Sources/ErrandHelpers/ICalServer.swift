import ErrandCalendarWire
import ErrandDAVWire
import ErrandFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One `errand-ical serve` for a session (a reference every copy of the environment shares):
/// started at the first request that may be served, asked each later one over its pipes. A
/// helper found gone (killed, crashed) is started again once for the request in hand; a
/// second failure is the request's. errand's exit closes its input, which ends it.
public final class ICalServer: Sendable {
    private struct Running {
        var process: HelperProcess
        var input: Int32
        var source: DescriptorSource
    }

    private let running = Mutex<Running?>(nil)

    public init() {}

    deinit {
        running.withLock { running in
            if let old = running { Self.stop(old) }
            running = nil
        }
    }

    /// The helper's pid, while one runs (tests).
    public var pid: pid_t? {
        running.withLock { $0?.process.pid }
    }

    /// The answer `helperPath` gives, run with `arguments` and fed `input`, as a one-shot run's.
    public func ask(_ helperPath: String, _ arguments: [String], input: [UInt8]) throws(HelperProcess.StartFailure) -> ServeFrame.Answer? {
        let request = ServeFrame.encode(ServeFrame.Request(arguments: arguments, input: input))
        return try running.withLock { running throws(HelperProcess.StartFailure) -> ServeFrame.Answer? in
            for _ in 0..<2 {
                if running == nil { running = try Self.start(helperPath) }
                guard var current = running else { return nil }
                running = nil
                if Descriptor.writeAll(current.input, request) == nil,
                   let answer = try? ServeFrame.readAnswer(from: &current.source) {
                    running = current
                    return answer
                }
                Self.stop(current)
            }
            return nil
        }
    }

    private static func start(_ path: String) throws(HelperProcess.StartFailure) -> Running {
        // A helper that died is found by writing to it: an error to handle, as errand's main
        // has it, not a signal that ends the process (a test runner, say).
        signal(SIGPIPE, SIG_IGN)
        let process = try HelperProcess(path, ["serve"], input: .pipe, errors: .file)
        return Running(process: process, input: process.takeInput(), source: DescriptorSource(fd: process.output))
    }

    /// Its input closed (its cue to end) and the process waited for, killed if it does not.
    private static func stop(_ running: Running) {
        close(running.input)
        running.process.kill()
        running.process.wait()
    }
}
