import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Work in progress as STATUS and PERCENT-COMPLETE (issue 45): read from any client's form,
/// written only where the state or the progress changed, the rest of the VTODO as it came.
@Suite struct StatusLineTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func one(_ lines: [String]) throws -> TodoItem {
        let text = ICalText.calendar(ICalText.todo(["UID:x", "DTSTAMP:20261120T100000Z", "SUMMARY:Report",
                                                    "DUE;VALUE=DATE:20261202"] + lines))
        return try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
    }

    func write(_ item: TodoItem) throws -> String {
        try #require(VTodoWriter(zoneName: "UTC").calendar([item]))
    }

    @Test func eachStatusIsReadAsItsState() throws {
        #expect(try one([]).state == .toDo)
        #expect(try one(["STATUS:NEEDS-ACTION"]).state == .toDo)
        #expect(try one(["STATUS:IN-PROCESS", "PERCENT-COMPLETE:20"]).state == .started)
        #expect(try one(["STATUS:IN-PROCESS", "PERCENT-COMPLETE:20"]).progress == 20)
        #expect(try one(["STATUS:COMPLETED", "COMPLETED:20261121T100000Z"]).state == .done)
        // A COMPLETED moment closes it whatever STATUS says: IN-PROCESS then counts for nothing.
        #expect(try one(["STATUS:IN-PROCESS", "COMPLETED:20261121T100000Z"]).state == .done)
        let cancelled = try one(["STATUS:CANCELLED", "PERCENT-COMPLETE:33"])
        #expect(cancelled.state == .cancelled && cancelled.isDone && cancelled.progress == 33)
        // 0% is none, as Thunderbird writes it on every new task.
        #expect(try one(["PERCENT-COMPLETE:0"]).progress == nil)
    }

    @Test func anUnchangedItemGoesBackLineForLine() throws {
        for lines in [["STATUS:IN-PROCESS", "PERCENT-COMPLETE:20"], ["STATUS:CANCELLED", "PERCENT-COMPLETE:33"],
                      ["PERCENT-COMPLETE:0", "STATUS:NEEDS-ACTION"]] {
            let item = try one(lines + ["X-KEEP:1"])
            let out = try write(item)
            #expect(out.contains(lines.joined(separator: "\r\n") + "\r\nX-KEEP:1\r\n"), "\(lines): \(out)")
        }
    }

    @Test func startingCancellingAndCheckingRewriteStatusInPlace() throws {
        var item = try one(["STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:40", "X-KEEP:1"])
        item.modified = now
        item.state = .started
        var out = try write(item)
        #expect(out.contains("\r\nSTATUS:IN-PROCESS\r\n") && out.contains("\r\nPERCENT-COMPLETE:40\r\n"))
        #expect(!out.contains("NEEDS-ACTION") && out.contains("\r\nX-KEEP:1\r\n"))
        item.state = .cancelled
        out = try write(item)
        #expect(out.contains("\r\nSTATUS:CANCELLED\r\n") && !out.contains("COMPLETED:"))
        item.state = .done
        item.progress = 100
        out = try write(item)
        #expect(out.contains("\r\nSTATUS:COMPLETED\r\n") && out.contains("\r\nCOMPLETED:") && out.contains("\r\nPERCENT-COMPLETE:100\r\n"))
        item.state = .toDo
        item.progress = nil
        out = try write(item)
        #expect(out.contains("\r\nSTATUS:NEEDS-ACTION\r\n") && !out.contains("PERCENT-COMPLETE") && !out.contains("COMPLETED:"))
        let back = try #require(try VTodoReader(zoneName: "UTC", now: now).read(out, newID: UUID.init).items.first)
        #expect(back.state == .toDo && back.progress == nil)
    }

    @Test func anItemMadeHereWritesItsStateAndProgress() throws {
        var item = TodoItem(id: UUID(), title: "new", due: nil, created: now)
        item.state = .started
        item.progress = 60
        let out = try write(item)
        #expect(out.contains("\r\nSTATUS:IN-PROCESS\r\n") && out.contains("\r\nPERCENT-COMPLETE:60\r\n"))
        let back = try #require(try VTodoReader(zoneName: "UTC", now: now).read(out, newID: UUID.init).items.first)
        #expect(back.state == .started && back.progress == 60)
    }

    @Test func aProgressPastItsLimitCostsTheItemNothingElse() throws {
        let item = try one(["STATUS:IN-PROCESS", "PERCENT-COMPLETE:250", "PRIORITY:2"])
        #expect(item.progress == nil && item.priority == 2 && item.state == .started)
        #expect(item.damage?.contains("PERCENT-COMPLETE") == true)
    }

    static let evolution: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/corpus/more-clients/evolution-data-server")
    }()

    /// Evolution's own test tasks: 20%, 55% and 90% in process, and a cancelled one at 33%.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: evolution.appendingPathComponent("task-8.ics").path),
                   "needs ../shared/corpus beside the checkout"))
    func evolutionsTasksReadAsEvolutionShowsThem() throws {
        let expected: [(String, ItemState, Int)] = [("task-5.ics", .started, 20), ("task-6.ics", .started, 90),
                                                     ("task-7.ics", .started, 55), ("task-8.ics", .cancelled, 33)]
        for (name, state, progress) in expected {
            // A bare VTODO, as Evolution's test data keeps them: wrapped as a server would serve it.
            let todo = try String(contentsOf: Self.evolution.appendingPathComponent(name), encoding: .utf8)
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//evolution//EN\r\n" + todo + "END:VCALENDAR\r\n"
            let item = try #require(try VTodoReader(zoneName: "Europe/Paris", now: now).read(text, newID: UUID.init).items.first)
            #expect(item.state == state && item.progress == progress, "\(name): \(item.state) \(item.progress ?? -1)")
        }
    }
}
