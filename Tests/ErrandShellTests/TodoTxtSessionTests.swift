import ErrandDomain
import ErrandShell
import Foundation
import Testing

/// Issue 45: `import FILE.txt` and `export FILE.txt` in todo.txt format, on both backends. The
/// files todotxt-cli itself writes and reads are TodoTxtPeerTests'.
@Suite struct TodoTxtSessionTests {
    static let file = """
        (A) 2026-11-20 Call mum +Family @phone due:2026-12-10
        2026-11-21 Buy oat milk @shop @errand
        (C) 2026-11-22 Write the report +Work t:2026-11-30
        2026-11-23 Water plants +Home +Garden rec:1w
        x 2026-11-28 2026-11-24 Pay rent +Home pri:B

        """

    @Test(arguments: ["sqlite", "plist"])
    func aFileComesInWithEveryWordAndGoesOutLineForLine(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        try Self.file.write(toFile: t.directory + "/todo.txt", atomically: true, encoding: .utf8)
        t.send("import todo.txt", ["imported 5 items from todo.txt (todo.txt): 5 new, 0 updated; "
            + "kept in titles (no field here): a second +project (1), rec: (1)"])
        let call = try #require(try t.store.allItems().first { $0.title == "Call mum" })
        #expect(call.due == DueDay(year: 2026, month: 12, day: 10) && call.list == "Family")
        #expect(call.fields[.priority] == .number(1) && call.fields[.tags] == .words(["phone"]))
        let report = try #require(try t.store.allItems().first { $0.title == "Write the report" })
        #expect(report.fields[.start] == .text("2026-11-30") && report.fields[.priority] == .number(3))
        let rent = try #require(try t.store.allItems().first { $0.title == "Pay rent" })
        #expect(rent.isDone && rent.fields[.priority] == .number(2) && rent.list == "Home")
        #expect(try t.store.allItems().contains { $0.title == "Water plants +Garden rec:1w" && $0.list == "Home" })
        // Again: the same lines are the same items.
        t.send("import todo.txt", ["imported 0 items from todo.txt (todo.txt): 0 new, 0 updated; 5 already up to date; "
            + "kept in titles (no field here): a second +project (1), rec: (1)"])
        t.send("export out.txt", ["exported 5 items to out.txt (todo.txt)"])
        let out = try String(contentsOfFile: t.directory + "/out.txt", encoding: .utf8)
        // Line for line: the list's +project before the one kept in the title, as it was.
        #expect(out == Self.file)
    }

    @Test func aTaskDoneInTheFileSinceIsDoneHereAndWhatCannotBeWrittenIsNamed() throws {
        let t = try ShellTester()
        try "2026-11-20 Call mum\n".write(toFile: t.directory + "/todo.txt", atomically: true, encoding: .utf8)
        t.given("import todo.txt")
        try "x 2026-11-29 2026-11-20 Call mum\n".write(toFile: t.directory + "/todo.txt", atomically: true, encoding: .utf8)
        t.send("import todo.txt", ["imported 1 item from todo.txt (todo.txt): 0 new, 1 updated"])
        #expect(try t.store.allItems().map(\.isDone) == [true])
        t.given("create Dentist --date \"2026-12-02 09:30\" --notes \"bring the card\"")
        t.given("create \"Email @bob about it\"")
        t.send("export all.txt", ["exported 3 items to all.txt (todo.txt); the format has no field for notes (1 item), "
            + "time (1 item), title words todo.txt reads as fields (1 item): export .json keeps everything"])
        let lines = try String(contentsOfFile: t.directory + "/all.txt", encoding: .utf8).split(separator: "\n")
        #expect(lines == ["2026-11-29 Dentist due:2026-12-02", "2026-11-29 Email @bob about it due:2026-11-29",
                          "x 2026-11-29 2026-11-20 Call mum"])
    }

    @Test func aLineIsReadWordForWord() throws {
        let t = try ShellTester()
        // Not a done mark (xylophone, x alone), not a priority ((a), (AB)), not a date (2026-13-01).
        try "xylophone lesson\n(a) lower\n(AB) two letters\n2026-13-01 not a day\n   \n".write(toFile: t.directory + "/odd.txt",
                                                                                           atomically: true, encoding: .utf8)
        t.given("import odd.txt")
        #expect(try t.store.allItems().map(\.title).sorted() == ["(AB) two letters", "(a) lower", "2026-13-01 not a day", "xylophone lesson"])
        #expect(try t.store.allItems().allSatisfy { !$0.isDone && $0.fields[.priority] == nil })
    }

    @Test func aFileThatIsNotTextIsRefusedAndAMarkAtItsStartIsNoWord() throws {
        let t = try ShellTester()
        try Data([0x66, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: t.directory + "/bad.txt"))
        t.send("import bad.txt", ["error: bad.txt: is not UTF-8 text, as todo.txt is"], succeeds: false)
        try Data("\u{FEFF}(A) Call mum\n".utf8).write(to: URL(fileURLWithPath: t.directory + "/bom.txt"))
        t.given("import bom.txt")
        #expect(try t.store.allItems().map(\.title) == ["Call mum"])
    }
}
