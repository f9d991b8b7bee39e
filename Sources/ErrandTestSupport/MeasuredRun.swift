import Foundation

/// Runs the built `errand` under GNU time, at the end of an optional shell pipeline, and
/// reports its exit status, stderr, wall time and peak resident memory.
///
/// Why GNU time: a child's `ru_maxrss` from wait4 counts the memory of the process that
/// spawned it (Linux records the old image's high-water mark at exec), so a test runner
/// holding 500 MB would see 500 MB. GNU time forks from its own small image; `timeout`
/// between them bounds the run and adds only its own ~2 MB.
public struct MeasuredRun {
    public let status: Int32
    public let stderr: String
    public let seconds: Double
    public let peakMegabytes: Double

    public static let time = "/usr/bin/time"

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "GNU time is not installed at \(MeasuredRun.time): run scripts/deps --test" }
    }

    /// `feed` is shell text whose output becomes errand's stdin (`tr '\0' x </dev/zero`), or
    /// nil for none; errand is killed after `timeout` seconds, a bound for a run that never ends
    /// (its status is then 137), far from any run's time on a loaded machine.
    public static func errand(_ arguments: [String], feed: String? = nil, in directory: String, timeout: Int = 300,
                              environment: [String: String] = [:]) throws -> MeasuredRun {
        let errand = try ChildProcess.built()
        guard FileManager.default.isExecutableFile(atPath: time) else { throw Missing() }
        let report = directory + "/time-report", errors = directory + "/stderr"
        let command = [time, "-f", "%M", "-o", report, "timeout", "-s", "KILL", String(timeout), errand] + arguments
        let line = (feed.map { $0 + " | " } ?? "") + command.map(quote).joined(separator: " ") + " 2>" + quote(errors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        // No test reaches the real geocoder (see ChildProcess).
        process.environment = ProcessInfo.processInfo.environment.merging(["ERRAND_GEOCODER": "off"]) { $1 }
            .merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        // GNU time writes "Command exited with non-zero status N" first, then the format.
        let kilobytes = try String(contentsOfFile: report, encoding: .utf8)
            .split(separator: "\n").last.flatMap { Double($0) } ?? .infinity
        return MeasuredRun(status: process.terminationStatus,
                           stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "",
                           seconds: seconds, peakMegabytes: kilobytes / 1024)
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
