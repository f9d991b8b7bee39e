import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `errand` as a child with pipes, for tests that need a real process
/// (exit statuses, SIGKILL durability, line-by-line pipes).
public final class ChildProcess {
    public let process = Process()
    public let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    private var pending = Data()

    /// The built `errand` beside the test bundle (swift build --build-tests builds both).
    public static var executable: String? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [here.appendingPathComponent("errand").path]
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        candidates.append(root.appendingPathComponent(".build/debug/errand").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "errand is not built: run swift build --build-tests" }
    }

    /// A binary older than a source it is built from would test yesterday's program and pass.
    public struct Stale: Error, CustomStringConvertible {
        public let binary: String
        public let source: String
        public var description: String {
            "\(binary) is older than \(source): run swift build --build-tests (a stale errand tests old code)"
        }
    }

    /// The built `errand`, refused when a source it is built from was edited since (looked at
    /// once per test process).
    public static func built() throws -> String {
        try Lane.mayStart("errand as a process")
        guard let path = executable else { throw Missing() }
        if let newer = staleSource { throw Stale(binary: path, source: newer) }
        return path
    }

    static let staleSource: String? = executable.flatMap { BuildFreshness.newerSource(than: $0) }

    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let path = try ChildProcess.built()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // No test reaches the real geocoder: one that wants lookups points ERRAND_GEOCODER at
        // a loopback server.
        env["ERRAND_GEOCODER"] = "off"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    public func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The next stdout line; nil at the end of the output, or after `timeout` seconds, a bound
    /// only a hang reaches (a line late under load is still a line).
    public func readLine(timeout: Double = Waiting.patience) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left * 1000))
            // A signal (another child ending) interrupts poll and read: that is neither the end
            // of the output nor the timeout, and reading it as either ended a crash trial early.
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[0..<count])
        }
    }

    public func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Closes stdin and waits; returns (status, stdout, stderr).
    public func finish() -> (Int32, String, String) {
        closeInput()
        let (out, err) = ChildProcess.drain(output: output, errors: errors)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: pending + out, as: UTF8.self),
                String(decoding: err, as: UTF8.self))
    }

    /// Reads both pipes to their end at once: a child filling stderr while we wait on stdout would block.
    static func drain(output: Pipe, errors: Pipe) -> (Data, Data) {
        let errorsHandle = errors.fileHandleForReading
        let box = DataBox()
        let reader = Thread { box.data = errorsHandle.readDataToEndOfFile(); box.done.signal() }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        box.done.wait()
        return (out, box.data)
    }

    public static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let child = try ChildProcess(arguments, environment: environment)
        child.input.fileHandleForWriting.write(Data(stdin.utf8))
        return child.finish()
    }
}

/// Carries the stderr bytes back from the reading thread.
private final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
