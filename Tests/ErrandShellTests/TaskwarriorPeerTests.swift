import ErrandDomain
import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 45: moving in from taskwarrior. The real `task` (Debian's taskwarrior 2.6) holds 1,000
/// tasks with projects, tags, priorities, due and scheduled days, recurrence, annotations,
/// depends, completed and deleted ones; `import` reads its `task export` with every field
/// mapped or named, and reading it again changes nothing.
@Suite(.tags(.process), .fullLane,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/task"), "needs task (Debian's taskwarrior; scripts/deps --test)"))
struct TaskwarriorPeerTests {
    static func task(_ dir: String, _ arguments: [String], input: Data? = nil) throws -> Data {
        let run = try PeerProgram.run("/usr/bin/task", ["rc:" + dir + "/taskrc"] + arguments,
                                      environment: ["HOME": dir, "TZ": "UTC", "PATH": "/usr/bin:/bin"], input: input)
        #expect(run.status == 0, "task \(arguments): \(run.errors)")
        return run.output
    }

    /// Task `n` of the thousand, as task import takes it.
    static func task(_ n: Int) -> [String: Any] {
        var task: [String: Any] = ["uuid": String(format: "00000000-0000-4000-8000-%012d", n), "description": "Task \(n)",
                                   "entry": "20261101T090000Z", "status": "pending"]
        if let project = ["Home", "Work.Q4", nil][n % 3] { task["project"] = project }
        if let priority = ["H", "M", "L", nil][n % 4] { task["priority"] = priority }
        if n % 4 == 0 { task["tags"] = ["phone", "errand"] }
        if n % 5 == 0 { task["due"] = "20261210T000000Z" }
        if n % 7 == 0 { task["scheduled"] = "20261201T000000Z" }
        if n % 6 == 0 { task["annotations"] = [["entry": "20261102T100000Z", "description": "note for \(n)"]] }
        if n % 10 == 9 {
            task["status"] = "completed"
            task["end"] = "20261120T150000Z"
        }
        if n % 25 == 24 { task["status"] = "deleted"; task["end"] = "20261121T150000Z" }
        // Every 20th task waits for the one before it (a tree: it is the only one to).
        if n % 20 == 1 { task["depends"] = String(format: "00000000-0000-4000-8000-%012d", n - 1) }
        if n == 500 { task["recur"] = "weekly"; task["due"] = "20261208T000000Z"; task["status"] = "recurring" }
        if n == 2 { task["estimate"] = "3h" }
        return task
    }

    @Test func aThousandTasksFromTaskExportComeInWithEveryFieldMappedOrNamed() throws {
        let t = try ShellTester()
        let dir = t.directory
        try "data.location=\(dir)/task\nconfirmation=off\nverbose=nothing\nuda.estimate.type=string\n"
            .write(toFile: dir + "/taskrc", atomically: true, encoding: .utf8)
        let tasks = (0..<1_000).map(Self.task)
        _ = try Self.task(dir, ["import", "-"], input: try JSONSerialization.data(withJSONObject: tasks))
        // Begun as a user begins one: `task UUID start` (its export then carries `start`).
        _ = try Self.task(dir, ["00000000-0000-4000-8000-000000000003", "start"])
        let exported = try Self.task(dir, ["export"])
        try exported.write(to: URL(fileURLWithPath: dir + "/tasks.json"))
        t.sink.reset()
        t.runner.runOne("import tasks.json")
        let line = t.sink.all.joined()
        // 40 deleted; the recurring template stays, each instance task made of it is skipped.
        #expect(line.hasPrefix("imported "), "\(line)")
        #expect(line.contains("skipped 40 deleted") && line.contains("no field here for estimate (1)"), "\(line)")
        let items = try t.store.allItems()
        #expect(items.filter { $0.title.hasPrefix("Task ") }.count == 960, "every task not deleted, the instances aside")
        let first = try #require(items.first { $0.title == "Task 0" })
        #expect(first.uid == "00000000-0000-4000-8000-000000000000" && first.list == "Home")
        #expect(first.fields[.priority] == .number(1) && first.fields[.tags] == .words(["errand", "phone"]))
        #expect(first.due == DueDay(year: 2026, month: 12, day: 10) && first.fields[.start] == .text("2026-12-01"))
        #expect(first.notes == "2026-11-02 note for 0")
        let sub = try #require(items.first { $0.title == "Task 20" })
        #expect(try #require(items.first { $0.title == "Task 21" }).parent == nil)
        #expect(sub.parent == "00000000-0000-4000-8000-000000000021", "task 21 waits for 20: 20 is its subtask")
        #expect(try #require(items.first { $0.title == "Task 9" }).isDone)
        #expect(try #require(items.first { $0.title == "Task 3" }).state == .started)
        #expect(try #require(items.first { $0.title == "Task 4" }).state == .toDo)
        #expect(try #require(items.first { $0.title == "Task 7" }).fields[.priority] == nil)
        let series = try #require(items.first { $0.title == "Task 500" && $0.repeats != nil })
        #expect(series.due == DueDay(year: 2026, month: 12, day: 8))
        // The same export again: every task already here.
        t.sink.reset()
        t.runner.runOne("import tasks.json")
        #expect(t.sink.all.joined().contains(" 0 new, 0 updated; 960 already up to date"), "\(t.sink.all)")
    }
}
