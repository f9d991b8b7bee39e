import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Issue 27, as a new user typed it: getting lost (8) and numbers that are not rows (11).
@Suite struct FirstHourSessionTests {
    /// 8: after a `create`, `back` is the list you were on; from `ads`, back is the view.
    @Test func backCrossesTabs() throws {
        let t = try ShellTester()
        t.given("create Dentist --date tomorrow")
        t.given("list")
        #expect(t.interpreter.session.tab == .view)
        t.given("create Bakery")
        #expect(t.interpreter.session.tab == .create)
        t.given("back")
        #expect(t.interpreter.session.tab == .view)
        #expect(t.sink.all.first == "All items")
        #expect(t.interpreter.session.listing.count == 2)
        t.interpreter.environment.catalogueBase = "file:///nonexistent/errand-offline/"
        t.given("sync \(AdsSessionTests.sample)")
        t.given("ads")
        #expect(t.interpreter.session.tab == .ads)
        t.given("back")
        #expect(t.interpreter.session.tab == .view)
        #expect(t.sink.all.first == "All items")
    }

    /// 11: a fresh shell's prompt says `view`, so its rows are the week's.
    @Test func aFreshShellListsWhatItsPromptNames() throws {
        let t = try ShellTester()
        t.given("create Dentist --date tomorrow")
        let fresh = try ShellTester()
        fresh.given("open 1")
        #expect(fresh.sink.all.first == "Sun Nov 29 2026")
        #expect(fresh.interpreter.session.stack.count == 2)
        fresh.given("back")
        #expect(fresh.sink.all.first == "View: 7 days from Sun Nov 29 2026")
        _ = t
    }

    /// 11: commas separate rows; a `;` at the end (an SQL habit) is not a row.
    @Test func commasSeparateRows() throws {
        let t = try ShellTester()
        for title in ["A", "B", "C", "D"] { t.given("create \(title)") }
        t.given("list")
        t.given("check 1,2")
        #expect(t.sink.all.first == "checked 2 items: moved to Done")
        #expect(try t.store.allItems().filter(\.isDone).map(\.title) == ["A", "B"])
        t.given("list")
        t.given("check 1, 2;")
        #expect(try t.store.allItems().filter(\.isDone).map(\.title) == ["A", "B", "C", "D"])
        t.send("check 1,x", ["error: check: no row \"x\": choose a number from 1 to 4"], succeeds: false)
    }

    /// 11: the numbered rows of `categories` act: `open 3`, `filter 3`.
    @Test func categoryRowsAct() throws {
        let t = try ShellTester()
        t.interpreter.environment.catalogueBase = "file:///nonexistent/errand-offline/"
        t.given("sync \(AdsSessionTests.sample)")
        t.given("categories")
        let third = try #require(t.sink.all.dropFirst(2).first)
        t.given("open 3")
        let name = try #require(t.interpreter.session.filter)
        #expect(third.contains(name), "\(third) names \(name)")
        #expect(t.interpreter.session.tab == .ads)
        t.given("categories")
        t.given("filter 3")
        #expect(t.interpreter.session.filter == name)
        t.given("categories")
        t.send("check 3", ["error: check: the rows listed are categories: open one to see its ads"], succeeds: false)
    }

    /// 12: habits from other shells.
    @Test func habitsFromOtherShells() throws {
        let t = try ShellTester()
        t.send("set", ["output text", "color off", "pagesize off", "timing off", "images off", "suggest on", "cells safe"])
        t.given("set pagesize 5")
        t.send("set pagesize", ["pagesize 5"])
        t.given("set pagesize off")
        for line in ["\\q", "exit"] {
            let u = try ShellTester()
            u.given(line)
            #expect(u.runner.quitRequested, "\(line)")
        }
        let complete = { (line: String) in
            Completer(table: t.interpreter.table, session: t.interpreter.session, environment: t.interpreter.environment)
                .complete(line).candidates.map(\.insert)
        }
        try FileManager.default.createDirectory(atPath: t.directory + "/shop", withIntermediateDirectories: true)
        #expect(complete("sync ") .prefix(2) == ["todos", "ads"])
        #expect(complete("sync ").contains("shop/"))
        #expect(complete("sync a") == ["ads"])
        // The places already located are offered after --at, as after near (the place cache).
        try t.store.cachePlace(name: "Clinique du Parc", match: PlaceMatch(coordinate: try Coordinate(latitude: 48.85, longitude: 2.35),
                                                                         address: "1 rue du Parc", candidates: 1), at: 0)
        #expect(complete("create X --at Cli") == ["\"Clinique du Parc\""])
        #expect(complete("edit 1 --at Cli") == complete("near Cli"))
    }

    /// 10: dates that surprised (today is Sun Nov 29 2026 here).
    @Test func datesLookBackWhereCommandsLookBack() throws {
        let t = try ShellTester()
        t.given("week nov 20")
        #expect(t.sink.all.first == "View: 7 days from Fri Nov 20 2026")
        t.given("day nov 27")
        #expect(t.sink.all.first == "Fri Nov 27 2026")
        // Planning still looks ahead: an item for nov 20 is next year's.
        t.given("create Renew --date nov 20")
        #expect(try t.store.allItems().first?.due == DueDay(year: 2027, month: 11, day: 20))
        t.given("day")
        #expect(t.sink.all.first == "Sun Nov 29 2026")
        t.given("week")
        #expect(t.sink.all.first == "View: 7 days from Sun Nov 29 2026")
        // One rule for shifts: from the item's own day, in edit as in postpone.
        t.given("create Dentist --date dec 3")
        t.given("list")
        t.given("edit 1 --date +1d")
        #expect(try t.store.allItems().first { $0.title == "Dentist" }?.due == DueDay(year: 2026, month: 12, day: 4))
        t.given("list")
        t.given("postpone 1 +1d")
        #expect(try t.store.allItems().first { $0.title == "Dentist" }?.due == DueDay(year: 2026, month: 12, day: 5))
    }
}
