import ErrandDomain
@testable import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// An unpaged item list longer than `streamRows` is read and written a part at a time, its
/// rows kept as ListedItems (issue 28 item 10: `list` over the largest import held every item
/// three times). What it prints and what its rows then mean must be the whole list's.
@Suite struct StreamedListTests {
    /// Nine items of one width on one day, three of them done, so the Done section starts
    /// inside a part when parts are two rows long.
    func filled(_ t: ShellTester) -> ShellTester {
        for i in 1...9 { t.given("create task \(i) --date tomorrow") }
        t.given("list")
        t.given("check 2 5 8")
        return t
    }

    /// Everything `line` writes, with the list whole and then streamed two rows at a time.
    func wholeAndStreamed(_ t: ShellTester, _ line: String) -> (whole: [String], streamed: [String]) {
        t.interpreter.environment.streamRows = 1_000
        t.sink.reset()
        t.runner.runOne(line)
        let whole = t.sink.all
        t.interpreter.environment.streamRows = 2
        t.sink.reset()
        t.runner.runOne(line)
        return (whole, t.sink.all)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aStreamedListWritesWhatTheWholeListWrites(_ backend: String) throws {
        let t = filled(try ShellTester(backend: backend))
        let text = wholeAndStreamed(t, "list")
        #expect(text.whole.count == 12)
        #expect(text.streamed == text.whole)
        #expect(text.whole.filter { $0 == "Done" }.count == 1)
        // The rows kept are ids, in the listed order, and there are all nine of them.
        let ids = t.interpreter.session.listing.compactMap { row -> UUID? in
            if case let .listed(listed) = row { return listed.id }
            return nil
        }
        #expect(ids.count == 9)
        #expect(Set(ids).count == 9)
        for mode in ["json", "tsv", "markdown", "csv"] {
            t.given("set output \(mode)")
            let written = wholeAndStreamed(t, "list")
            #expect(written.streamed == written.whole, "\(mode)")
            #expect(written.whole.count == (mode == "json" ? 1 : mode == "markdown" ? 11 : 10), "\(mode)")
        }
        t.given("set output json")
        let found = wholeAndStreamed(t, "find task")
        #expect(found.streamed == found.whole)
        #expect(found.whole.first?.contains("\"n\":9,") == true)
    }

    @Test(arguments: ["sqlite", "plist"])
    func theRowsOfAStreamedListAreTheRowsListed(_ backend: String) throws {
        let t = filled(try ShellTester(backend: backend))
        t.interpreter.environment.streamRows = 2
        t.given("list")
        #expect(t.sink.all.last == "  9  Mon Nov 30  ✓ task 8")
        t.given("uncheck 9")
        #expect(t.sink.all.first == "unchecked \"task 8\": back in To do")
        t.given("list")
        t.given("edit 3 --notes both")
        #expect(try t.item(4).notes == "both")
        t.given("tag 4-5 home")
        #expect(try t.item(6).tags == ["home"] && t.item(7).tags == ["home"])
        // Another shell (another handle on the file) checks row 1 and deletes row 6: neither
        // is acted on, nor is anything else.
        t.given("list")
        let other = try StoreOpener.open(path: t.store.path, backend: t.backend)
        _ = try other.setDone(true, id: ShellTester.id(1), expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        let gone = try t.item(9)
        #expect(t.interpreter.session.row(of: gone) == 6)
        _ = try other.delete(id: gone.id, expecting: nil)
        t.send("check 1 2", ["error: \"task 1\" was changed since it was listed (another shell?); nothing was done: list again"],
               succeeds: false)
        t.send("swipe 5-6", ["error: row 6 is no longer in the store (another shell?); nothing was done: list again"],
               succeeds: false)
        #expect(try t.item(3).isDone == false)
        #expect(try t.item(6).title == "task 6")
        #expect(try t.store.allItems().count == 8)
    }

    /// `--quiet` writes no part, yet reads them all: the rows after the first part still mean
    /// what the list holds.
    @Test func aQuietScriptStillListsEveryRow() throws {
        let t = filled(try ShellTester(backend: "sqlite"))
        t.interpreter.environment.streamRows = 2
        t.runner.options.quiet = true
        t.given("list")
        #expect(t.sink.all.isEmpty)
        #expect(t.interpreter.session.listing.count == 9)
        t.given("check 6")
        #expect(try t.item(9).isDone)
    }

    /// A part that cannot be read ends the list there with the error, counted as a failure;
    /// in JSON the line written so far still ends as JSON, the error on a line of its own.
    @Test(arguments: ["text", "json"])
    func aPartThatCannotBeReadEndsTheListWithItsError(_ mode: String) throws {
        var failAfter: (Int?) -> Void = { _ in }
        func wrap<Base: ItemStore & CatalogueStore & PlaceStore & SavedSearchStore>(_ base: Base) -> ErrandStore {
            let store = FaultyStore(base)
            failAfter = { store.failItemsAfter = $0 }
            return store
        }
        let t = filled(try ShellTester(backend: "sqlite") { wrap($0) })
        t.given("set output \(mode)")
        t.interpreter.environment.streamRows = 2
        failAfter(2)
        t.sink.reset()
        #expect(!t.runner.runOne("list"))
        failAfter(nil)
        let error = "the disk could not be read (injected)"
        if mode == "json" {
            #expect(t.sink.stdout.count == 2)
            let first = try JSONSerialization.jsonObject(with: Data((t.sink.stdout.first ?? "").utf8)) as? [String: Any]
            #expect((first?["items"] as? [Any])?.count == 4)
            #expect(t.sink.stdout.last == "{\"ok\":false,\"command\":\"list\",\"error\":\"\(error)\"}")
        } else {
            #expect(t.sink.all.last == "error: \(error)")
            #expect(t.sink.all.filter { $0.contains("task") }.count == 4)
        }
    }
}
