import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 40's answers that looked right and were not, each typed as the issue shows it, on
/// both stores.
@Suite(.tags(.server), .fullLane) struct WrongAnswerSessionTests {
    func found(_ t: ShellTester, _ query: String) -> [String] {
        t.sink.reset()
        t.runner.runOne("find " + query)
        return t.sink.all.filter { $0.hasPrefix("  ") }.compactMap { line in
            ["A", "B", "C", "Water the plants #home"].first { line.hasSuffix(" " + $0) || line.contains(" " + $0 + " ") }
        }.sorted()
    }

    /// Which of `titles` `find QUERY` shows, in the order given.
    func shown(_ t: ShellTester, _ query: String, among titles: [String]) -> [String] {
        t.sink.reset()
        t.runner.runOne("find " + query)
        return titles.filter { title in t.sink.all.contains { $0.contains(title) } }
    }

    /// A term that leaves out what it matches keeps the items without that value.
    @Test(arguments: ["sqlite", "plist"])
    func aNegatedTermKeepsTheItemsWithoutTheValue(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create A --date 2026-12-08")
        t.given("create B --date 2026-12-12 --priority high")
        t.given("create C --list Work")
        #expect(found(t, "-!!!") == ["A", "C"])
        #expect(found(t, "-list:work") == ["A", "B"])
        #expect(found(t, "-priority:low") == ["A", "B", "C"])
        // Undated C is kept: it is not due after Dec 10.
        #expect(found(t, "-due:>2026-12-10") == ["A", "C"])
        t.given("create Water the plants --tag home")
        #expect(found(t, "(#home or #work) -!!!") == ["Water the plants #home"])
    }

    /// `<` and `>` leave the day itself out, `<=` and `>=` keep it, `..` keeps both ends.
    @Test(arguments: ["sqlite", "plist"])
    func lessAndMoreAreStrictAndTheirEqualFormsAreNot(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create A --date 2026-12-01")
        t.given("create B --date 2026-12-02")
        t.given("create C --date 2026-12-03")
        #expect(found(t, "due:<2026-12-02") == ["A"])
        #expect(found(t, "due:<=2026-12-02") == ["A", "B"])
        #expect(found(t, "due:>2026-12-02") == ["C"])
        #expect(found(t, "due:>=2026-12-02") == ["B", "C"])
        #expect(found(t, "due:2026-12-01..2026-12-02") == ["A", "B"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func aPriceBelowAnAmountLeavesTheAmountOut(_ backend: String) throws {
        let ads = [AlertSessionTests.Listed(id: 1, title: "Lampe", price: 100), AlertSessionTests.Listed(id: 2, title: "Chaise", price: 99),
                   AlertSessionTests.Listed(id: 3, title: "Table", price: 101)]
        let server = try LoopbackServer(routes: ["/categories.json": .body(AlertSessionTests.categories),
                                                 "/listing.json": .body(AlertSessionTests.listing(ads))])
        defer { server.stop() }
        let t = try ShellTester(backend: backend)
        t.given("sync \(server.base)")
        t.given("ads")
        let titles = { (query: String) in shown(t, query, among: ["Chaise", "Lampe", "Table"]) }
        #expect(titles("price:<100") == ["Chaise"])
        #expect(titles("price:<=100") == ["Chaise", "Lampe"])
        #expect(titles("price:>100") == ["Table"])
        #expect(titles("price:>=100") == ["Lampe", "Table"])
        #expect(titles("price:99..101") == ["Chaise", "Lampe", "Table"])
    }

    /// A snooze dismisses what rang; one still to come is refused and kept.
    @Test(arguments: ["sqlite", "plist"])
    func aSnoozeOfAReminderThatHasNotRungIsRefused(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent --date \"tomorrow 10:00\" --remind \"tomorrow 09:00\"")
        t.given("list")
        t.send("snooze 1 10m", ["error: snooze: \"Pay rent\" has not rung yet: edit N --remind WHEN moves its reminder"],
               succeeds: false)
        #expect(try t.item(1).reminded == nil && t.item(1).snoozed == nil)
    }

    /// `edit N --tag` replaces the tags and says what went; `+TAG -TAG` words keep the others.
    @Test(arguments: ["sqlite", "plist"])
    func editSaysWhichTagsItReplacedAndPlusMinusKeepsTheRest(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Plan trip --date 2026-12-05 --tag travel --tag family")
        t.given("list")
        t.sink.reset()
        t.runner.runOne("edit 1 --tag urgent")
        #expect(t.sink.all.first == "edited \"Plan trip\" (Sat Dec 5 2026): tags #urgent (was #travel #family)")
        t.given("undo")
        t.given("list")
        t.sink.reset()
        t.runner.runOne("edit 1 +urgent -family")
        #expect(t.sink.all.first == "edited \"Plan trip\" (Sat Dec 5 2026): tags #travel #urgent (was #travel #family)")
        #expect(try t.item(1).tags == ["travel", "urgent"])
        t.given("list")
        t.send("edit 1 urgent", ["error: edit: \"urgent\" fits nowhere: tags are +TAG to add, -TAG to take away (--tag TAG replaces them all)"],
               succeeds: false)
    }

    /// A start after the due day is refused on create and edit; the week's count is what the
    /// day opens, an item not started yet included.
    @Test(arguments: ["sqlite", "plist"])
    func aStartAfterItsDueDayIsRefusedAndTheWeekCountsWhatTheDayLists(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.send("create S --date dec 8 --start dec 10",
               ["error: an item cannot start (Thu Dec 10) after it is due (Tue Dec 8): give a start on or before "
                + "the due day, or --no-start"], succeeds: false)
        #expect(try t.store.allItems().isEmpty)
        t.given("create Book the train --date dec 4 --start dec 3")
        t.given("create Post the card --date dec 4")
        t.given("list")
        t.send("edit 1 --start dec 5",
               ["error: an item cannot start (Sat Dec 5) after it is due (Fri Dec 4): give a start on or before "
                + "the due day, or --no-start"], succeeds: false)
        t.sink.reset()
        t.runner.runOne("view")
        #expect(t.sink.all.contains { $0.hasPrefix("  6  Fri Dec 4") && $0.contains("2 items") }, "\(t.sink.all)")
        t.sink.reset()
        t.runner.runOne("open 6")
        #expect(t.sink.all.filter { $0.contains("Book the train") || $0.contains("Post the card") }.count == 2)
    }

    /// `find straße`, `stras`, `file` and `ﬁle` find what the property-list store finds.
    @Test(arguments: ["sqlite", "plist"])
    func foldedLettersAreFoundTheSameWayOnBothStores(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Straße fegen")
        t.given("create ﬁle taxes")
        t.given("create STRASSE kehren")
        let titles = { (query: String) in shown(t, query, among: ["Straße fegen", "ﬁle taxes", "STRASSE kehren"]) }
        #expect(titles("straße") == ["Straße fegen", "STRASSE kehren"])
        #expect(titles("stras") == ["Straße fegen", "STRASSE kehren"])
        #expect(titles("file") == ["ﬁle taxes"])
        #expect(titles("ﬁle") == ["ﬁle taxes"])
    }

    /// Small lies on the screen: a quoted phrase quoted twice, a word with a colon refused as a
    /// key, a duplicate's day as ISO, notes of several lines joined into one.
    @Test(arguments: ["sqlite", "plist"])
    func theScreenSaysWhatWasTypedAndWhatIsStored(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Gare de Lyon --date 2026-12-08 --notes \"line one\nline two\"")
        t.sink.reset()
        t.runner.runOne("find \"gare de\"")
        #expect(t.sink.all.first == "Found: \"gare de\"")
        t.sink.reset()
        t.runner.runOne("find C:\\temp")
        #expect(t.sink.all == ["nothing found for \"C:\\temp\""])
        t.send("create Gare de Lyon --date 2026-12-08 --notes \"line one\nline two\"",
               ["error: \"Gare de Lyon\" is already on the list for Tue Dec 8; change the title, notes, date or place to add another"],
               succeeds: false)
        t.given("list")
        t.sink.reset()
        t.runner.runOne("open 1")
        #expect(t.sink.all.contains("  Notes     line one") && t.sink.all.contains("            line two"), "\(t.sink.all)")
        // A key mistyped, or one of the ads tab, is still refused by name.
        t.sink.reset()
        #expect(!t.runner.runOne("find priorty:high"))
        #expect(!t.runner.runOne("find price:<3"))
    }

    /// A trial of reminders (`--today` in the future) spends nothing real: what rings at the
    /// pinned time is shown, but marked at the machine's clock at the latest, so back at the
    /// real date it still rings; `remind --dry-run` marks nothing; `undo` brings a ringing back.
    @Test(arguments: ["sqlite", "plist"])
    func aTrialOfRemindersInTheFutureSpendsNothing(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent --date dec 10 --remind \"dec 9 09:00\"")
        let real = Date(timeIntervalSince1970: Double(ShellTester.today.dayNumber) * 86_400 + 8 * 3_600)
        t.interpreter.environment.realNow = { real }
        let day = DueDay(year: 2026, month: 12, day: 9)!
        let trial = Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400 + 9 * 3_600 + 60)
        t.interpreter.environment.clock = Clock(timeZone: TimeZone(secondsFromGMT: 0), fixedToday: day) { trial }
        let rang = ["Wed Dec 9 09:00  Pay rent (due Thu Dec 10)"]
        t.send("remind --dry-run", rang)
        #expect(try t.item(1).reminded == nil, "a dry run marks nothing")
        t.send("remind", rang)
        #expect(try (t.item(1).reminded ?? 0) <= Reminder.minute(of: real, clock: t.interpreter.environment.clock),
                "never marked later than the machine's clock")
        t.send("remind", rang)
        // Undo takes a ringing back as any change.
        t.sink.reset()
        t.runner.runOne("undo")
        #expect(t.sink.all.first?.hasPrefix("undid the remind") == true, "\(t.sink.all)")
    }
}
