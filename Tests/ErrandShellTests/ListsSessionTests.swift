import ErrandDomain
import ErrandShell
import Foundation
import Testing

/// `use` as a session: the session remembers the list, the prompt shows it, Tab offers the
/// store's lists, a create lands in it and `use all` forgets it.
@Suite struct ListsSessionTests {
    func complete(_ t: ShellTester, _ line: String) -> [String] {
        Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
            .complete(line).candidates.map(\.insert)
    }

    @Test func useNarrowsTheSessionAndThePromptSaysSo() throws {
        let t = try ShellTester()
        t.given("create Report --list Work")
        t.given("create Bread")
        #expect(complete(t, "use ") == ["local", "Work", "all"])
        #expect(complete(t, "use w") == ["Work"])
        #expect(complete(t, "create x --list ") == ["local", "Work"])
        #expect(complete(t, "move 1 --list l") == ["local"])
        // `all` is for use alone: no item goes to it, nor is exported from it.
        for line in ["move 1 --list ", "create x --list ", "edit 1 --list ", "import f.json --list ", "export f.json --list "] {
            #expect(complete(t, line) == ["local", "Work"], "\(line)")
        }
        #expect(complete(t, "move 1 --list a").isEmpty)
        #expect(complete(t, "use a") == ["all"])
        t.given("view")
        t.send("use work", ["using the list \"Work\": create puts items there; use all shows every list",
                            "View: 7 days from Sun Nov 29 2026",
                            "  1  Sun Nov 29  1 item  today",
                            "  2  Mon Nov 30  no items",
                            "  3  Tue Dec 1   no items",
                            "  4  Wed Dec 2   no items",
                            "  5  Thu Dec 3   no items",
                            "  6  Fri Dec 4   no items",
                            "  7  Sat Dec 5   no items"]) { $0.list = "Work" }
        #expect(t.runner.prompt.contains("@Work"))
        t.given("create Slides")
        #expect(try t.item(3).list == "Work")
        // create left for the Create tab: the message alone, and the list forgotten.
        t.send("use all", ["showing every list"]) { $0.list = nil }
        #expect(!t.runner.prompt.contains("@"))
        t.send("use Nowhere", ["error: no list called \"Nowhere\": the lists are \"local\", \"Work\"; create TITLE --list NAME makes one"],
               succeeds: false)
        // The main list's name is the main list: nothing is stored for it.
        t.given("list")
        t.given("move 3 --list LOCAL")
        #expect(try t.item(3).list == nil)
        t.send("move 3 --list local", ["error: move: \"Slides\" already in \"local\""], succeeds: false)
        t.given("edit 1 --list Home")
        #expect(try t.item(1).list == "Home")
        t.given("edit 1 --list local")
        #expect(try t.item(1).list == nil)
    }

    /// `near` under `use` keeps to the list, a page at a time, numbered on across pages.
    @Test func nearKeepsToTheListPageByPage() throws {
        let t = try ShellTester()
        for n in 0..<5 {
            t.given("create Main \(n) --at Here --coords 48.85,2.3\(n)")
            t.given("create Work \(n) --at There --coords 48.85,2.3\(n)5 --list Work")
        }
        t.given("set pagesize 2")
        t.given("use Work")
        t.given("near 48.85,2.3")
        let first = t.interpreter.session.listing.compactMap { row -> String? in
            if case let .item(item) = row { return item.title }
            return nil
        }
        #expect(first == ["Work 0", "Work 1"])
        t.given("more")
        t.given("more")
        let all = t.interpreter.session.listing.compactMap { row -> String? in
            if case let .item(item) = row { return item.title }
            return nil
        }
        #expect(all == ["Work 0", "Work 1", "Work 2", "Work 3", "Work 4"])
        t.send("more", ["error: more: that was the last page (5 items)"], succeeds: false)
    }
}
