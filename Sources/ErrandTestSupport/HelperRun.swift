import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a helper program (errand-fetch) to its end with `input` on its stdin, under `timeout -s
/// KILL`, and reports its exit status, what it wrote, and the CPU time it used (wait4's rusage:
/// `timeout` waits for the helper, so the helper's time is counted in; its own is a few
/// milliseconds).
public struct HelperRun {
    public let status: Int32
    public let output: [UInt8]
    public let errors: String
    /// User plus system CPU seconds.
    public let cpuSeconds: Double
    public let wallSeconds: Double

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func run(_ path: String, _ arguments: [String], input: [UInt8] = [], timeout: Int = 60) throws -> HelperRun {
        try Lane.mayStart("a helper process")
        let folder = NSTemporaryDirectory() + "errand-helper-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (inPath, outPath, errPath) = (folder + "/in", folder + "/out", folder + "/err")
        try Data(input).write(to: URL(fileURLWithPath: inPath))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = (["timeout", "-s", "KILL", String(timeout), path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawnp(&pid, "timeout", &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return HelperRun(status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                         output: Array((try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()),
                         errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                         cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                         wallSeconds: Date().timeIntervalSince(started))
    }
}
