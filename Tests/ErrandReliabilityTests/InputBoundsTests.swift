import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Input without end, through the real program: a script, `source` and a pipe that never send
/// a newline each end with one line, exit status 1 and bounded memory. Before the
/// bounded reader these grew by more than a gigabyte a second until something killed them.
@Suite(.serialized, .tags(.process), .fullLane) struct InputBoundsTests {
    static let peakLimitMB = 64.0
    static let endless = "line longer than 1 MB, and no newline in the 16 MB after it: stopped reading"

    static func check(_ arguments: [String], feed: String? = nil, expected: String) throws {
        let dir = NSTemporaryDirectory() + "errand-bounds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try MeasuredRun.errand(["--store", dir + "/s.sqlite"] + arguments, feed: feed, in: dir,
                                         environment: ["HOME": dir, "ERRAND_TODAY": "2026-11-29"])
        print("input bounds: \(arguments) feed \(feed ?? "none"): exit \(run.status), "
              + String(format: "%.2f s, peak %.1f MB", run.seconds, run.peakMegabytes))
        #expect(run.status == 1)
        #expect(run.stderr == expected + "\n")
        // Memory, not time: a run that read on would be killed (status 137, not 1).
        #expect(run.peakMegabytes < peakLimitMB)
    }

    @Test func aScriptThatIsDevZero() throws {
        try Self.check(["--script", "/dev/zero"], expected: "/dev/zero:1: " + Self.endless)
    }

    @Test func sourcingDevZero() throws {
        try Self.check(["-c", "source /dev/zero"], expected: "/dev/zero:1: " + Self.endless)
    }

    @Test func aPipeThatNeverSendsANewline() throws {
        try Self.check([], feed: "tr '\\0' x </dev/zero", expected: "stdin:1: " + Self.endless)
    }

    @Test func aLongLineInAFileIsSkippedAndTheNextLinesRun() throws {
        let dir = NSTemporaryDirectory() + "errand-longline-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 40 MB on one line, past the 16 MB a pipe is given: a file ends, so it is skipped.
        let script = dir + "/long.errand"
        var data = Data("create before\n".utf8)
        data.append(Data(repeating: 0x61, count: 40 << 20))
        data.append(Data("\ncreate after\nlist\n".utf8))
        try data.write(to: URL(fileURLWithPath: script))
        let run = try MeasuredRun.errand(["--store", dir + "/s.sqlite", script], in: dir,
                                         environment: ["HOME": dir, "ERRAND_TODAY": "2026-11-29"])
        #expect(run.status == 1)
        #expect(run.stderr == "\(script):2: line longer than 1 MB\n")
        #expect(run.peakMegabytes < Self.peakLimitMB)
        let (_, out, _) = try ChildProcess.run(["--store", dir + "/s.sqlite", "-c", "list"],
                                               environment: ["HOME": dir, "ERRAND_TODAY": "2026-11-29"])
        #expect(out.contains("before") && out.contains("after"))
    }

    @Test func aLineOfExactly1MBIsReadOneByteMoreFailsAndBailStopsThere() throws {
        let dir = NSTemporaryDirectory() + "errand-exact-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = ["--store", dir + "/s.sqlite"], env = ["HOME": dir, "ERRAND_TODAY": "2026-11-29"]
        let script = dir + "/edge.errand"
        // "zz" and spaces: an unknown command, so the error shows the interpreter saw the line.
        let exact = "zz" + String(repeating: " ", count: LineLimit.bytes - 2)
        try (exact + "\n" + exact + " \ncreate y\n").write(toFile: script, atomically: true, encoding: .utf8)
        var (status, _, err) = try ChildProcess.run(store + [script], environment: env)
        #expect(status == 1)
        #expect(err == "\(script):1: unknown command \"zz\" (help lists all)\n\(script):2: line longer than 1 MB\n")
        try (exact + " \ncreate z\n").write(toFile: script, atomically: true, encoding: .utf8)
        (status, _, err) = try ChildProcess.run(store + ["--bail", script], environment: env)
        #expect(status == 1)
        #expect(err == "\(script):1: line longer than 1 MB\n")
        let (_, out, _) = try ChildProcess.run(store + ["-c", "list"], environment: env)
        let titles = out.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        #expect(titles.contains("y") && !titles.contains("z"))
    }
}
