import ErrandDomain
import ErrandShell
import Testing

/// Long day lists and `list` come a page at a time when a page size is set (a terminal), with
/// one numbering across pages, as the ads list does.
@Suite struct PagingTests {
    func filled(_ backend: String, count: Int) throws -> ShellTester {
        let t = try ShellTester(backend: backend)
        for i in 1...count { t.given("create task \(i)") }
        t.given("set pagesize 4")
        return t
    }

    @Test(arguments: ["sqlite", "plist"])
    func aDayPagesWithOneNumbering(_ backend: String) throws {
        let t = try filled(backend, count: 10)
        t.given("day today")
        #expect(t.sink.all == ["Sun Nov 29 2026", "To do", "   1    task 1", "   2    task 2", "   3    task 3", "   4    task 4",
                               "  4 of 10 shown: more for the next page"])
        t.given("more")
        #expect(t.sink.all == ["Sun Nov 29 2026", "To do", "   5    task 5", "   6    task 6", "   7    task 7", "   8    task 8",
                               "  8 of 10 shown: more for the next page"])
        #expect(t.interpreter.session.listing.count == 8)
        // A row of the second page acts on the right item; the list shown again keeps 8 rows.
        t.given("check 6")
        #expect(t.sink.all.first == "checked \"task 6\": moved to Done")
        #expect(t.interpreter.session.listing.count == 8)
        t.given("more")
        #expect(t.sink.all.suffix(3) == ["   9    task 10", "Done", "  10  ✓ task 6"])
        t.send("more", ["error: more: that was the last page (10 items)"], succeeds: false)
    }

    @Test func listPagesAndJSONGetsEverything() throws {
        let t = try filled("sqlite", count: 6)
        t.given("list")
        #expect(t.sink.all.last == "  4 of 6 shown: more for the next page")
        t.given("more")
        #expect(t.sink.all.dropFirst().prefix(2) == ["To do", "  5  Sun Nov 29    task 5"])
        t.given("set output json")
        t.given("list")
        #expect(t.interpreter.session.listing.count == 6)
        t.given("set output text")
        t.given("set pagesize off")
        t.given("list")
        #expect(t.sink.all.count == 8)
        t.given("view")
        t.send("more", ["error: more: only lists have pages (a day, list, ads, help, subtasks)"], succeeds: false)
    }

    /// Issue 27, 15: help is paged at a terminal like any long list.
    @Test func helpIsPagedLikeAnyLongList() throws {
        let t = try ShellTester()
        t.given("set pagesize 10")
        t.given("help")
        let total = CommandTable.standard.overview.count
        #expect(t.sink.all == Array(CommandTable.standard.overview.prefix(9))
                + ["  9 of \(total) lines shown: more for the next page, back to leave"])
        t.given("more")
        #expect(t.sink.all.first == CommandTable.standard.overview[9])
        while t.sink.all.last?.contains("more for the next page") == true { t.given("more") }
        t.send("more", ["error: more: that was the last page of help"], succeeds: false)
        t.given("back")
        #expect(t.sink.all.first == "View: 7 days from Sun Nov 29 2026")
        // In a script (no page size) it comes whole.
        t.given("set pagesize off")
        t.given("help")
        #expect(t.sink.all.count >= total)
    }

    @Test func timingGoesToStandardErrorOnly() throws {
        let t = try ShellTester(backend: "sqlite")
        t.given("set timing on")
        t.given("view")
        #expect(t.sink.stdout.first == "View: 7 days from Sun Nov 29 2026")
        #expect(t.sink.stderr.count == 1)
        let timing = try #require(t.sink.stderr.first)
        // `time: WALL ms, cpu CPU ms`: both numbers. The processor time is the whole process's,
        // so here (tests running beside this one on other threads) it is not bounded by the wall.
        let parts = timing.split(separator: " ")
        #expect(parts.count == 6 && parts[0] == "time:" && parts[2] == "ms," && parts[3] == "cpu" && parts.last == "ms", "\(timing)")
        let wall = try #require(Double(parts[1])), cpu = try #require(parts.count == 6 ? Double(parts[4]) : nil)
        #expect(wall >= 0 && cpu >= 0, "\(timing)")
        t.given("set timing off")
        t.given("view")
        #expect(t.sink.stderr.isEmpty)
    }
}
