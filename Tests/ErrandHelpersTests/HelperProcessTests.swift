@testable import ErrandHelpers
import Foundation
import Testing

/// The one way errand runs a helper: both output pipes read together, stdin fed beside them,
/// stderr bounded, the end named.
///
/// The limit only ends a deadlock (the bug these tests guard against): generous, since a
/// loaded machine (load 19 on 2 cores) once took a whole minute over one test.
@Suite(.timeLimit(.minutes(10))) struct HelperProcessTests {
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
        var made: [Int32] = [-1, -1]
        try #require(pipe(&made) == 0)
        // Moved high (F_DUPFD, without close-on-exec as pipe() makes them): a low number could
        // be the one ls opens /proc/self/fd on, and be listed for that.
        let stray = made.map { fcntl($0, F_DUPFD, 700) }
        made.forEach { close($0) }
        try #require(stray.allSatisfy { $0 >= 700 })
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

    /// A script just written can still be open for writing in a child another thread is
    /// spawning (until it execs): exec says ETXTBSY for that moment, and is tried again.
    @Test func aProgramBusyBeingWrittenIsTriedAgainThenNamed() throws {
        let folder = NSTemporaryDirectory() + "errand-txtbsy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/helper"
        // Close-on-exec, so no child another test spawns meanwhile holds it open too, and moved
        // above 800, where no other descriptor of this process is made: a low number freed and
        // reused by another test's thread could be closed under us (it was once: the spawn
        // below then started at once).
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(opened >= 0)
        var writer = fcntl(opened, F_DUPFD_CLOEXEC, 800)
        close(opened)
        try #require(writer >= 800)
        let script = Array("#!/bin/sh\nexit 0\n".utf8)
        try #require(write(writer, script, script.count) == script.count)
        defer { if writer >= 0 { close(writer) } }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var child: pid_t = 0
        var retries = 0
        // Still open: refused, after the tries, with ETXTBSY (named by the caller).
        #expect(HelperProcess.spawn(&child, path, &actions, argv, busy: { retries += 1 }) == ETXTBSY)
        #expect(retries == 100)
        // Closed during the first retry, as the other child's exec would: it starts.
        retries = 0
        let started = HelperProcess.spawn(&child, path, &actions, argv, busy: {
            retries += 1
            close(writer)
            writer = -1
        })
        #expect(started == 0 && retries == 1)
        var status: Int32 = 0
        if started == 0 { _ = waitpid(child, &status, 0) }
        #expect(HelperExit(waitStatus: status) == .exited(0))
    }
}
