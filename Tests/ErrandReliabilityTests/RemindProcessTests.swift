import ErrandTestSupport
import Foundation
import Testing

/// `errand remind` as cron runs it: real processes on one store, the clock pinned with
/// `--today DATE'T'TIME`, never a sleep.
@Suite(.tags(.process, .crash), .fullLane) struct RemindProcessTests {
    func store(_ backend: String) throws -> (dir: String, path: String) {
        let dir = NSTemporaryDirectory() + "errand-remind-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return (dir, dir + "/store." + backend)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aReminderRingsOnceAcrossTwoRunsWithTheClockMoved(_ backend: String) throws {
        let (dir, path) = try store(backend)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-c",
                                         "create Call mum --date \"dec 3 10:00\" --remind 30m"])
        #expect(made.0 == 0, "\(made.2)")
        let early = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:29", "remind"], environment: ["TZ": "UTC"])
        #expect(early.0 == 0 && early.1.isEmpty && early.2.isEmpty)
        let due = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:31", "remind"], environment: ["TZ": "UTC"])
        #expect(due.1 == "Thu Dec 3 09:30  Call mum (due Thu Dec 3 at 10:00, 30 min before)\n")
        let again = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:45", "remind"], environment: ["TZ": "UTC"])
        #expect(again.0 == 0 && again.1.isEmpty)
    }

    /// Two cron jobs at once (a slow run overlapping the next): every reminder is printed by
    /// exactly one of them.
    @Test(arguments: ["sqlite", "plist"])
    func twoProcessesAtOnceRingEachReminderOnce(_ backend: String) throws {
        let (dir, path) = try store(backend)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = (1...200).map { "create Task \($0) --date \"dec 3 10:00\" --remind 30m --remind 1h" }.joined(separator: "\n")
        let made = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-1", "-"], stdin: script + "\n")
        #expect(made.0 == 0, "\(made.2)")
        let arguments = ["--store", path, "--today", "2026-12-03T09:45", "remind"]
        let first = try ChildProcess(arguments, environment: ["TZ": "UTC"])
        let second = try ChildProcess(arguments, environment: ["TZ": "UTC"])
        let (a, b) = (first.finish(), second.finish())
        #expect(a.0 == 0 && b.0 == 0, "\(a.2) \(b.2)")
        let lines = (a.1 + b.1).split(separator: "\n").map(String.init)
        #expect(lines.count == 400)
        #expect(Set(lines).count == 400)
        let third = try ChildProcess.run(arguments, environment: ["TZ": "UTC"])
        #expect(third.1.isEmpty)
    }

    /// Issue 47: cron runs overlapping, one of each three killed with SIGKILL, either before it
    /// printed anything or the moment its first reminder line arrived (after its output, before
    /// its write committed: the window where a reminder could be marked and shown by nobody).
    /// Every reminder is printed whole by some run (at least once, never zero times), and one
    /// marked rung in the store was printed.
    @Test(arguments: ["sqlite", "plist"])
    func killedRemindRunsLoseNoReminder(_ backend: String) throws {
        let (dir, path) = try store(backend)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rounds = 24, perRound = 10
        // Round r's ten items ring at 09:r (their reminder 30 minutes before 09:30+r).
        let script = (0..<rounds).flatMap { round in
            (0..<perRound).map { n in
                "create Task \(round)-\(n) --date \"dec 3 \(String(format: "10:%02d", round))\" --remind 1h"
            }
        }.joined(separator: "\n")
        let made = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-1", "-"], stdin: script + "\n")
        #expect(made.0 == 0, "\(made.2)")
        var printed: [String] = []
        let wholeLines = { (text: String) -> [String] in
            var lines = text.components(separatedBy: "\n")
            // A line cut by the kill is not a reminder shown.
            lines.removeLast()
            return lines.filter { !$0.isEmpty }
        }
        for round in 0..<rounds {
            let arguments = ["--store", path, "--today", "2026-12-03T" + String(format: "09:%02d", round), "remind"]
            let runs = try (0..<3).map { _ in try ChildProcess(arguments, environment: ["TZ": "UTC"]) }
            let victim = runs[round % 3]
            var early = ""
            if round % 2 == 0 {
                victim.kill9()
            } else if let first = victim.readLine(timeout: 600) {
                early = first + "\n"
                victim.kill9()
            }
            for run in runs {
                let (status, out, err) = run.finish()
                if run !== victim { #expect(status == 0, "round \(round): \(err)") }
                printed += wholeLines((run === victim ? early : "") + out)
            }
        }
        // A last, quiet run rings what the kills left unmarked.
        let last = try ChildProcess.run(["--store", path, "--today", "2026-12-03T10:00", "remind"], environment: ["TZ": "UTC"])
        #expect(last.0 == 0, "\(last.2)")
        printed += wholeLines(last.1)
        // "Thu Dec 3 09:00  Task 4-7 (due ...)": the task's name, once per reminder shown.
        let titles = Set(printed.compactMap { line -> String? in
            guard let task = line.range(of: "Task ") else { return nil }
            return line[task.lowerBound...].split(separator: " ").prefix(2).joined(separator: " ")
        })
        #expect(titles.count == rounds * perRound, "\(rounds * perRound - titles.count) reminders printed by nobody")
        let again = try ChildProcess.run(["--store", path, "--today", "2026-12-03T10:00", "remind"], environment: ["TZ": "UTC"])
        #expect(again.1.isEmpty, "every reminder is marked rung once printed")
    }

    /// Issue 23: a cron run with nothing to ring ends before the shell is built, but a store
    /// that is not Errand's, or is damaged, is refused as before, in one line.
    @Test(arguments: ["sqlite", "plist"])
    func aDamagedStoreIsStillRefusedByAQuietRun(_ backend: String) throws {
        let (dir, path) = try store(backend)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(String(repeating: "not a store ", count: 400).utf8).write(to: URL(fileURLWithPath: path))
        let run = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:29", "remind", "--notify"],
                                       environment: ["TZ": "UTC"])
        #expect(run.0 == 3 && run.1.isEmpty)
        #expect(run.2.hasPrefix("errand: ") && run.2.split(separator: "\n").count == 1, "\(run.2)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("not a store"))
    }

    /// `errand remind` where a file named `remind` is: the file is a script, as `errand FILE`
    /// always runs one, so the quiet run leaves it to the ordinary way, which runs it.
    @Test func aFileNamedRemindHereIsRunAsAScript() throws {
        let (dir, path) = try store("sqlite")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "create Written by the script\n".write(toFile: dir + "/remind", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ChildProcess.built())
        process.arguments = ["--store", path, "--today", "2026-12-03T09:29", "remind"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ["HOME": dir, "TZ": "UTC", "NO_COLOR": "1", "ERRAND_GEOCODER": "off", "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let listed = try ChildProcess.run(["--store", path, "-c", "find Written"], environment: ["HOME": dir])
        #expect(listed.1.contains("Written by the script"), "\(listed)")
    }

    @Test func notifyWithoutNotifySendSaysSoInOneLineAndStillPrints() throws {
        let (dir, path) = try store("sqlite")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-c", "create Call --date \"dec 3 10:00\" --remind 0"])
        let run = try ChildProcess.run(["--store", path, "--today", "2026-12-03T10:00", "remind", "--notify"],
                                       environment: ["TZ": "UTC", "PATH": dir])
        #expect(run.1 == "remind: notify-send is not installed (Debian: apt install libnotify-bin); the reminders are printed only\n"
            + "Thu Dec 3 10:00  Call (due Thu Dec 3 at 10:00, at the due time)\n")
    }

    @Test func notifyHandsEachToNotifySend() throws {
        let (dir, path) = try store("sqlite")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A stand-in notify-send that records its arguments.
        let log = dir + "/sent"
        let fake = dir + "/notify-send"
        try "#!/bin/sh\nprintf '%s|' \"$@\" >> \(log)\necho >> \(log)\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        _ = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-c", "create Call --date \"dec 3 10:00\" --remind 30m"])
        let run = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:30", "remind", "--notify"],
                                       environment: ["TZ": "UTC", "PATH": dir + ":/usr/bin:/bin"])
        #expect(run.0 == 0 && run.1 == "Thu Dec 3 09:30  Call (due Thu Dec 3 at 10:00, 30 min before)\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "--app-name=Errand|--|Call|due Thu Dec 3 at 10:00, 30 min before|\n")
    }
}
