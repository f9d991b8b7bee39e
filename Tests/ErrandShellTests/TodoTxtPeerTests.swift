import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 45: todo.txt as todotxt-cli itself writes and reads it (Debian's `todo-txt`, which is
/// upstream's todo.sh): a file it made comes back line for line through import and export, and
/// it lists what Errand exports.
@Suite(.tags(.process), .fullLane,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/todo-txt"), "needs todo-txt (Debian's todotxt-cli; scripts/deps --test)"))
struct TodoTxtPeerTests {
    /// todo-txt on the file `file` in `dir`, its output.
    @discardableResult
    static func todo(_ dir: String, file: String = "todo.txt", _ arguments: [String]) throws -> String {
        let config = dir + "/todo.cfg"
        try "export TODO_DIR=\"\(dir)\"\nexport TODO_FILE=\"\(dir)/\(file)\"\nexport DONE_FILE=\"\(dir)/done.txt\"\nexport REPORT_FILE=\"\(dir)/report.txt\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let run = try PeerProgram.run("/usr/bin/todo-txt", ["-d", config, "-p"] + arguments)
        let text = String(decoding: run.output, as: UTF8.self)
        #expect(run.status == 0, "todo-txt \(arguments): \(text) \(run.errors)")
        return text
    }

    @Test(arguments: ["sqlite", "plist"])
    func aFileTodoTxtMadeComesBackLineForLineAndTodoTxtReadsTheExport(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let dir = t.directory
        // -t: each task with the day it was made, as most todo.sh set-ups write them; -a: a task
        // done stays in todo.txt instead of moving to done.txt.
        for task in ["(A) Call mum +Family @phone due:2026-12-10", "Buy oat milk @shop @errand",
                     "(B) Write the report +Work t:2026-12-01", "Pay rent +Home"] {
            try Self.todo(dir, ["-t", "add", task])
        }
        try Self.todo(dir, ["-a", "do", "4"])
        let made = try String(contentsOfFile: dir + "/todo.txt", encoding: .utf8)
        #expect(made.contains("x ") && made.contains("(A) "), "\(made)")
        t.given("import todo.txt")
        t.given("export out.txt")
        let exported = try String(contentsOfFile: dir + "/out.txt", encoding: .utf8)
        #expect(exported == made)
        // todo-txt lists the export as its own file, each task numbered.
        let listed = try Self.todo(dir, file: "out.txt", ["ls"])
        for (n, line) in made.split(separator: "\n").enumerated() {
            #expect(listed.contains("\(n + 1) \(line)"), "\(listed)")
        }
        #expect(listed.contains("OUT: 4 of 4 tasks shown"), "\(listed)")
        // And marks a task of it done, as on its own file.
        try Self.todo(dir, file: "out.txt", ["-a", "do", "1"])
        try FileManager.default.removeItem(atPath: dir + "/todo.txt")
        try FileManager.default.moveItem(atPath: dir + "/out.txt", toPath: dir + "/todo.txt")
        t.send("import todo.txt", ["imported 1 item from todo.txt (todo.txt): 0 new, 1 updated; 3 already up to date"])
        #expect(try t.store.allItems().filter(\.isDone).map(\.title).sorted() == ["Call mum", "Pay rent"])
    }
}
