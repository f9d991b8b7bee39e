import ErrandHelpers
import Foundation
import Testing

/// The one way errand runs a helper: both output pipes read together, stdin fed beside them,
/// stderr bounded, the end named.
@Suite(.timeLimit(.minutes(1))) struct HelperProcessTests {
    /// A helper as a shell command: no script file, which a test spawning at the same moment
    /// could inherit open for writing (ETXTBSY).
    func shell(_ command: String, input: HelperProcess.Input = .none) throws -> HelperProcess {
        try HelperProcess("/bin/sh", ["-c", command], input: input)
    }

    func run(_ helper: HelperProcess, errorLimit: Int = 1 << 16) -> (output: [UInt8], stopped: HelperProcess.Stop?) {
        var output: [UInt8] = []
        let stopped = helper.collect(errorLimit: errorLimit) { piece in
            output += piece
            return true
        }
        return (output, stopped)
    }

    /// Reading stdout to its end before stderr stalled a helper that filled its stderr pipe
    /// (64 KiB) before it wrote its answer: each side waited on the other.
    @Test func aHelperFillingItsStderrFirstIsNotStalled() throws {
        let helper = try shell("head -c 300000 /dev/zero | tr '\\0' x >&2; printf answer")
        let (output, stopped) = run(helper, errorLimit: 1000)
        #expect(String(decoding: output, as: UTF8.self) == "answer")
        #expect(stopped == nil)
        #expect(helper.errors == [UInt8](repeating: UInt8(ascii: "x"), count: 1000))
        #expect(helper.wait() == .exited(0))
    }

    /// Input larger than both pipes together goes in while the answer comes out.
    @Test func inputIsFedWhileTheOutputIsRead() throws {
        let input = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let helper = try shell("cat", input: .bytes(input))
        #expect(run(helper).output == input)
        #expect(helper.wait().succeeded)
    }

    @Test func aRefusedOutputKillsTheHelper() throws {
        let helper = try shell("yes")
        var seen = 0
        let stopped = helper.collect(errorLimit: 0) { piece in
            seen += piece.count
            return seen < 100_000
        }
        #expect(stopped == .refused)
        #expect(helper.wait() == .killed(signal: SIGKILL))
    }

    @Test func howItEndedIsNamed() throws {
        let failed = try shell("echo 'why' >&2; exit 3")
        _ = run(failed)
        #expect(failed.wait() == .exited(3))
        #expect(String(decoding: failed.errors, as: UTF8.self) == "why\n")
        let killed = try shell("kill -SEGV $$")
        _ = run(killed)
        let exit = killed.wait()
        #expect(exit == .killed(signal: SIGSEGV) && exit.status == nil && exit.signal == SIGSEGV)
        #expect("fake \(exit)" == "fake was killed by signal 11")
        #expect("\(HelperExit.exited(3))" == "exited with status 3" && "\(HelperExit.exited(0))" == "exited")
        #expect(HelperExit(waitStatus: 3 << 8) == .exited(3) && HelperExit(waitStatus: 9) == .killed(signal: 9))
    }

    @Test func aMissingHelperIsAStartFailure() {
        #expect(throws: HelperProcess.StartFailure.spawn(errno: ENOENT)) {
            try HelperProcess("/nonexistent/helper", [])
        }
        #expect(HelperProcess.StartFailure.spawn(errno: ENOENT).description(role: "the x helper", path: "/n/h")
                == "cannot run the x helper /n/h (No such file or directory)")
    }

    /// Pipes made by pipe() and flagged close-on-exec a moment later were inherited by a helper
    /// another thread spawned in between: it held their write ends, so a reader here waited
    /// for an end that came only when that other helper exited (tests running side by side
    /// hit their time limit). Now a helper gets 0, 1, 2 and the copies asked for, nothing else.
    @Test func aHelperGetsOnlyTheDescriptorsItIsGiven() throws {
        var stray: [Int32] = [-1, -1]
        try #require(pipe(&stray) == 0)
        defer { stray.forEach { close($0) } }
        let helper = try shell("ls /proc/self/fd")
        let listed = String(decoding: run(helper).output, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        #expect(helper.wait().succeeded)
        // ls's own directory descriptor is the one beyond 0-2.
        #expect(!listed.contains(stray[0]) && !listed.contains(stray[1]), "\(listed), stray \(stray)")
        #expect(listed.filter { $0 > 2 }.count <= 1, "\(listed)")
        var own: [Int32] = [-1, -1]
        try #require(HelperProcess.makePipe(&own))
        defer { own.forEach { close($0) } }
        #expect(own.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
    }
}
