import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 28, 1: every day a command computes is checked against what the stores hold before
/// anything is written, and a store holding one impossible value still opens, lists the item
/// marked, and lets the user mend, delete or undo it.
@Suite(.tags(.process), .fullLane) struct DateRangeSessionTests {
    @Test(arguments: ["sqlite", "plist"])
    func computedDaysOutsideTheRangeAreRefusedBeforeAnythingIsWritten(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create beg --date 0001-01-01")
        t.given("create end --date 9999-12-31")
        t.given("create daily --date 9999-12-31 --every day")
        t.given("create monthly --date 9999-12-15 --every month")
        t.given("list")
        let before = try t.store.allItems()
        let refusals: [(String, String)] = [
            ("postpone 1 -1d", "beg"), ("postpone 3 +1d", "end"), ("postpone 3-4 +1w", "end"),
            ("check 4", "daily"), ("check 2", "monthly"),
        ]
        for (line, title) in refusals {
            t.send(line, ["error: the due day of \"\(title)\" is outside the years 1 to 9999, which is all a store holds; "
                          + "nothing was changed"], succeeds: false)
        }
        #expect(try t.store.allItems() == before)
        t.given("undo")
        // The refusals left no journal entry: undo takes back the last create.
        #expect(t.sink.all.first == "undid the create of \"monthly\" (Wed Dec 15)")
    }

    /// What an older Errand (or a hand edit) left: one item whose day no store may hold.
    static func damage(_ t: ShellTester, _ backend: String) throws {
        let path = t.directory + "/store." + backend
        if backend == "sqlite" {
            #expect(try SQLiteCLI.run(path, "UPDATE item SET due = -719163 WHERE title = 'beg'") == 0)
        } else {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("<string>0001-01-01</string>"))
            try text.replacing("<string>0001-01-01</string>", with: "<string>0000-12-31</string>")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test(arguments: ["sqlite", "plist"])
    func oneImpossibleDayNeverLocksTheStore(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create beg --date 0001-01-01")
        t.given("create other --date tomorrow")
        try DateRangeSessionTests.damage(t, backend)
        t.given("find beg")
        #expect(t.sink.all == ["Found \"beg\"", "To do", "  1  No date  ✗ beg"])
        t.given("open 1")
        let reason = backend == "sqlite" ? "its due day is outside the years 1 to 9999" : "its due day is not a real day"
        #expect(t.sink.all.joined(separator: "\n").contains("  Damaged   \(reason): mend it with edit"), "\(t.sink.all)")
        // Every reading command carries on; a write to another item keeps the damage visible.
        for line in ["list", "view", "export backup.json", "log", "find other", "check 1", "undo"] { t.given(line) }
        #expect(try t.store.allItems().first { $0.title == "beg" }?.damage != nil)
        t.given("find beg")
        t.given("edit 1 --date today")
        let mended = try #require(try t.store.allItems().first { $0.title == "beg" })
        #expect(mended.due == ShellTester.today && mended.damage == nil)
        t.given("undo")
        t.given("find beg")
        t.given("swipe 1")
        #expect(try t.store.allItems().map(\.title) == ["other"])
    }

    /// Issue 28, 11: one malformed id made `list` fail while other commands carried on.
    @Test func aMalformedIdIsListedMarkedAndTheRestStillAct() throws {
        let t = try ShellTester(backend: "sqlite")
        t.given("create broken")
        t.given("create fine --date tomorrow")
        #expect(try SQLiteCLI.run(t.directory + "/store.sqlite", "UPDATE item SET uuid = 'not-a-uuid' WHERE title = 'broken'") == 0)
        t.given("list")
        #expect(t.sink.all.contains { $0.hasSuffix("✗ broken") }, "\(t.sink.all)")
        let broken = try #require(try t.store.allItems().first { $0.title == "broken" })
        #expect(broken.damage?.contains("its id is not a UUID (row 1 of the item table)") == true)
        // The same stand-in at every read, so the listing's row stays valid.
        #expect(try t.store.allItems().first { $0.title == "broken" }?.id == broken.id)
        t.given("find fine")
        t.given("check 1")
        #expect(try t.store.allItems().first { $0.title == "fine" }?.isDone == true)
    }
}
