import ErrandDomain
@testable import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// JSON `log` reads each entry's items from the store as it writes them (issue 28 item 10);
/// its line must be the one it wrote when every entry was read whole first.
@Suite(.tags(.process), .fullLane) struct LogJSONTests {
    /// The line as it was made before streaming: each entry read with its changes
    /// (journal(limit:)) and the whole line built at once.
    func heldWhole(_ t: ShellTester, limit: Int) throws -> String {
        let outcome = t.interpreter.execute("log \(limit)")
        guard case let .success(display) = outcome.result, case let .log(rows)? = display.screen else {
            Issue.record("log failed: \(outcome.result)")
            return ""
        }
        let entries = try t.store.journal(limit: limit)
        #expect(entries.map(\.id) == rows.map(\.entry.id))
        var whole = display
        whole.screen = .log(zip(rows, entries).map { row, entry in LogRow(entry: entry, when: row.when, summary: row.summary) })
        return JSONPresenter().line(for: CommandOutcome(command: outcome.command, result: .success(whole)))
    }

    /// An export of `count` items titled with what JSON must escape, large enough that the
    /// line reaches the sink in several pieces.
    func export(_ t: ShellTester, count: Int) throws -> String {
        let rows = (1...count).map { n in
            let id = ShellTester.id(10_000 + n).uuidString
            return "{\"created\":1795910400,\"date\":\"2026-12-0\(1 + n % 7)\",\"done\":false,\"id\":\"\(id)\","
                + "\"modified\":1795910400,\"title\":\"Say \\\"caf\\u00e9\\\" \\\\ \(n) \\u2028 ☕\",\"uid\":\"\(id)\"}"
        }
        let path = t.directory + "/many.json"
        let text = "{\"format\":\"errand-export\",\"items\":[" + rows.joined(separator: ",") + "],\"version\":2}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: ["sqlite", "plist"])
    func theStreamedLineIsTheOneBuiltWhole(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create \"Dentist \\\"Dr. Who\\\"\" --date tomorrow")
        t.given("create Weekly --date today --every week")
        t.given("list")
        // Found one item and created its next occurrence: the entry lists the found one.
        t.given("check 1-2")
        t.given("import " + (try export(t, count: 1_200)))
        t.given("create Undone")
        t.given("undo")
        t.given("set output json")
        t.sink.reset()
        t.runner.runOne("log 20")
        let expected = try heldWhole(t, limit: 20)
        #expect(t.sink.stdout == [expected])
        #expect(expected.utf8.count > 2 * JSONPresenter.pieceBytes)
        #expect(expected.contains("\"command\":\"import\"") && expected.contains("\"undone\":true"))
        #expect(expected.components(separatedBy: "\"title\":\"Say ").count == 1_201)
    }

    /// A damaged entry fails the command before any of its line is written: one line, the
    /// error's, even when the damaged entry comes after one long enough to be written in pieces.
    @Test func aDamagedEntryGivesTheErrorLineAlone() throws {
        let t = try ShellTester(backend: "sqlite")
        t.given("create First")
        t.given("import " + (try export(t, count: 1_200)))
        #expect(try SQLiteCLI.run(t.directory + "/store.sqlite",
                                  "UPDATE journal SET changes = '[{\"before\":5}]' WHERE id = (SELECT min(id) FROM journal);") == 0)
        t.given("set output json")
        t.sink.reset()
        t.runner.runOne("log")
        #expect(t.sink.stdout == ["{\"ok\":false,\"command\":\"log\",\"error\":\"\(t.directory)/store.sqlite: not an Errand store "
                                  + "(damaged: an undo journal entry cannot be read); the file was left untouched\"}"])
    }
}
