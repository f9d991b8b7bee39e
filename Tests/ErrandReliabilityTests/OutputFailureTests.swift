import ErrandTestSupport
import Foundation
import Testing

/// Issue 47: output that cannot be written (a full disk, a reader that went away) is a
/// failure with one line on stderr and a non-zero exit, and `remind` marks nothing it could
/// not show. /dev/full answers every write with ENOSPC; a pipe whose reading end is closed
/// answers EPIPE (errand ignores SIGPIPE, so it is an error, not a silent death).
@Suite(.tags(.process), .fullLane) struct OutputFailureTests {
    enum Output: String, CaseIterable, CustomTestStringConvertible {
        case fullDisk, closedPipe
        var testDescription: String { rawValue }
    }

    /// Runs errand with stdout sent to `output`; (status, stderr).
    static func run(_ arguments: [String], to output: Output) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ChildProcess.built())
        process.arguments = arguments
        process.environment = ["HOME": NSTemporaryDirectory(), "TZ": "UTC", "NO_COLOR": "1", "ERRAND_GEOCODER": "off",
                               "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        var pipe: Pipe?
        switch output {
        case .fullDisk:
            process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        case .closedPipe:
            let closed = Pipe()
            try closed.fileHandleForReading.close()
            process.standardOutput = closed.fileHandleForWriting
            pipe = closed
        }
        try process.run()
        try pipe?.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, said)
    }

    static func store(_ backend: String) throws -> (dir: String, path: String) {
        let dir = NSTemporaryDirectory() + "errand-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/store." + backend
        let made = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-c",
                                         "create Pay rent --date \"dec 4 10:00\" --remind \"dec 3 09:00\""])
        #expect(made.0 == 0, "\(made.2)")
        return (dir, path)
    }

    @Test(arguments: ["sqlite", "plist"], Output.allCases)
    func aListThatCannotBeWrittenFailsInOneLine(_ backend: String, _ output: Output) throws {
        let (dir, path) = try Self.store(backend)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for arguments in [["-c", "list"], ["--json", "-c", "list"]] {
            let (status, said) = try Self.run(["--store", path] + arguments, to: output)
            #expect(status == 1, "\(arguments): \(said)")
            let reason = output == .fullDisk ? "No space left on device" : "Broken pipe"
            #expect(said == "errand: write error: \(reason)\n", "\(arguments)")
        }
    }

    /// The reminder that could not be shown stays unrung: the next run, with somewhere to
    /// write, rings it.
    @Test(arguments: ["sqlite", "plist"], Output.allCases)
    func aRemindThatCannotBeWrittenMarksNothing(_ backend: String, _ output: Output) throws {
        let (dir, path) = try Self.store(backend)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let remind = ["--store", path, "--today", "2026-12-03T09:30", "remind"]
        let (status, said) = try Self.run(remind, to: output)
        #expect(status == 1)
        #expect(said.split(separator: "\n").count == 1 && said.contains("write error") && said.contains("nothing was marked"), "\(said)")
        let next = try ChildProcess.run(remind, environment: ["TZ": "UTC"])
        #expect(next.0 == 0 && next.1 == "Thu Dec 3 09:00  Pay rent (due Fri Dec 4 at 10:00)\n", "\(next.1) \(next.2)")
        #expect(try ChildProcess.run(remind, environment: ["TZ": "UTC"]).1.isEmpty, "rung once shown")
    }

    @Test func helpThatCannotBeWrittenFails() throws {
        let (status, said) = try Self.run(["--help"], to: .fullDisk)
        #expect(status == 1 && said == "errand: write error: No space left on device\n")
    }
}
