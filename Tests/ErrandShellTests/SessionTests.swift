import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

@Suite struct SessionTests {
    let today = ShellTester.today

    @Test func viewShowsSevenDaysWithCounts() throws {
        let t = try ShellTester()
        t.given("create Buy milk")
        t.given("create Call mum --date tomorrow")
        t.given("create Pay rent --date tomorrow")
        t.send("view", [
            "View: 7 days from Sun Nov 29 2026",
            "  1  Sun Nov 29  1 item  today",
            "  2  Mon Nov 30  2 items",
            "  3  Tue Dec 1   no items",
            "  4  Wed Dec 2   no items",
            "  5  Thu Dec 3   no items",
            "  6  Fri Dec 4   no items",
            "  7  Sat Dec 5   no items",
        ]) {
            $0.tab = .view
            $0.stacks[.view] = [.week(start: today)]
            $0.listing = (0..<7).map { .day(today.adding(days: $0)) }
        }
    }

    @Test func openADayThenAnItemThenBack() throws {
        let t = try ShellTester()
        t.given("create Call mum --date tomorrow --at Home --coords 48.85,2.35 --notes \"ask about Sunday\"")
        t.given("create Pay rent --date tomorrow")
        t.given("view")
        let mum = try t.item(1), rent = try t.item(2)
        t.send("open 2", ["Mon Nov 30 2026", "To do", "  1    Call mum  @ Home", "  2    Pay rent"]) {
            $0.stacks[.view] = [.week(start: today), .day(today.adding(days: 1))]
            $0.listing = [.item(mum), .item(rent)]
        }
        t.send("open 1", ["Call mum", "  Due       Mon Nov 30 2026", "  Place     Home (48.85, 2.35)",
                          "  Map       https://www.openstreetmap.org/?mlat=48.85&mlon=2.35#map=16/48.85/2.35",
                          "  Notes     ask about Sunday", "  State     to do"]) {
            $0.stacks[.view]?.append(.item(mum))
        }
        t.send("back", ["Mon Nov 30 2026", "To do", "  1    Call mum  @ Home", "  2    Pay rent"]) {
            $0.stacks[.view]?.removeLast()
        }
        t.send("back", ["View: 7 days from Sun Nov 29 2026"] + weekLines(counts: [0, 2, 0, 0, 0, 0, 0])) {
            $0.stacks[.view] = [.week(start: today)]
            $0.listing = (0..<7).map { .day(today.adding(days: $0)) }
        }
        // From a tab's first screen, back goes to the tab you came from (the create before
        // `view`, and before that the view the shell started on), as the apps' navigation does.
        t.send("back", ["Create: create TITLE [--date DATE] [--at PLACE] [--coords LAT,LON] [--notes TEXT]"]) {
            $0.tab = .create
            $0.tabTrail = [.view]
        }
        t.send("back", ["View: 7 days from Sun Nov 29 2026"] + weekLines(counts: [0, 2, 0, 0, 0, 0, 0])) {
            $0.tab = .view
            $0.tabTrail = []
        }
        t.send("back", ["error: back: already at the first screen"], succeeds: false)
    }

    @Test func checkUncheckSwipeAndUndoKeepNumbersHonest() throws {
        let t = try ShellTester()
        t.given("create a")
        t.given("create b")
        t.given("day today")
        let a = try t.item(1), b = try t.item(2)
        t.send("check 1", ["checked \"a\": moved to Done", "Sun Nov 29 2026", "To do", "  1    b", "Done", "  2  ✓ a"]) {
            var done = a
            done.isDone = true
            done.sequence = 3
            $0.listing = [.item(b), .item(done)]
        }
        let doneA = try t.item(1)
        t.send("swipe 1", ["deleted \"b\" (Sun Nov 29)", "Sun Nov 29 2026", "Done", "  1  ✓ a"]) {
            $0.listing = [.item(doneA)]
        }
        t.send("undo", ["undid the swipe of \"b\" (Sun Nov 29)", "Sun Nov 29 2026", "To do", "  1    b", "Done", "  2  ✓ a"]) {
            $0.listing = [.item(b), .item(doneA)]
        }
        t.send("undo", ["undid the check of \"a\" (Sun Nov 29)", "Sun Nov 29 2026", "To do", "  1    a", "  2    b"]) {
            $0.listing = [.item(a), .item(b)]
        }
        t.send("undo", ["undid the create of \"b\" (Sun Nov 29)", "Sun Nov 29 2026", "To do", "  1    a"]) {
            $0.listing = [.item(a)]
        }
        t.send("uncheck 1", ["error: \"a\" is not done"], succeeds: false)
    }

    @Test(arguments: ["sqlite", "plist"])
    func aStaleRowIsRefusedAndNothingIsTouched(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create a")
        t.given("create b")
        t.given("list")
        // Another shell (another handle on the same file) deletes "a" and checks "b".
        let other = try StoreOpener.open(path: t.store.path, backend: t.backend)
        _ = try other.delete(id: ShellTester.id(1), expecting: nil)
        _ = try other.setDone(true, id: ShellTester.id(2), expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        t.send("swipe 1", ["error: \"a\" is no longer in the store (another shell?); nothing was done: list again"],
               succeeds: false)
        t.send("check 2", ["error: \"b\" was changed since it was listed (another shell?); nothing was done: list again"],
               succeeds: false)
        #expect(try t.store.counts() == ItemCounts(toDo: 0, done: 1))
    }

    @Test(arguments: ["sqlite", "plist"])
    func aReadFailingAfterAChangeKeepsTheChangeUndoable(_ backend: String) throws {
        var injector: (Bool) -> Void = { _ in }
        func wrap<Base: ItemStore & CatalogueStore & PlaceStore & SavedSearchStore>(_ base: Base) -> ErrandStore {
            let store = FaultyStore(base)
            injector = { store.failReads = $0 }
            return store
        }
        let t = try ShellTester(backend: backend) { wrap($0) }
        t.given("create a")
        t.given("create b")
        t.given("day today")
        let a = try t.item(1), b = try t.item(2)
        injector(true)
        // The delete lands, the list read after it fails: the undo entry stays with it.
        t.send("swipe 1", ["error: the disk could not be read (injected) (the change itself was saved: undo reverts it)"],
               succeeds: false)
        #expect(try t.store.allItems() == [b])
        injector(false)
        t.send("undo", ["undid the swipe of \"a\" (Sun Nov 29)", "Sun Nov 29 2026", "To do", "  1    a", "  2    b"])
        #expect(try t.store.allItems() == [a, b])
    }

    @Test(arguments: ["sqlite", "plist"])
    func editAndPostponeChangeTheItemInPlaceAndUndoRevertsThem(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create a --date tomorrow")
        t.given("list")
        let a = try t.item(1)
        var b = a
        b.title = "b"
        b.time = TimeOfDay(hour: 9, minute: 5)
        t.send("edit 1 --title b --time 9:05", ["edited \"b\" (Mon Nov 30 2026 at 09:05)", "All items", "To do",
                                               "  1  Mon Nov 30  09:05    b"]) {
            $0.listing = [.item(b)]
        }
        var later = b
        later.due = today.adding(days: 4)
        t.send("postpone 1 +3d", ["postponed \"b\" to Thu Dec 3 2026", "All items", "To do",
                                  "  1  Thu Dec 3  09:05    b"]) {
            $0.listing = [.item(later)]
        }
        #expect(try t.item(1) == later)
        t.send("undo", ["undid the postpone of \"b\" (Mon Nov 30)", "All items", "To do", "  1  Mon Nov 30  09:05    b"]) {
            $0.listing = [.item(b)]
        }
        t.send("undo", ["undid the edit of \"a\" (Mon Nov 30)", "All items", "To do", "  1  Mon Nov 30    a"]) {
            $0.listing = [.item(a)]
        }
        t.send("edit 1 --time 25:00", ["error: edit: --time needs a 24-hour time HH:MM, not \"25:00\""], succeeds: false)
    }

    @Test func createFromADaysListLandsOnThatDayAndKeepsTheListInView() throws {
        let t = try ShellTester()
        t.given("view")
        t.given("open 3")
        t.send("create Pack --notes bags", ["created \"Pack\" for Tue Dec 1 2026", "Tue Dec 1 2026", "To do", "  1    Pack"]) {
            $0.listing = [.item(try t.item(1))]
        }
        t.given("open 1")
        t.send("create Tickets", ["created \"Tickets\" for Tue Dec 1 2026", "Pack", "  Due       Tue Dec 1 2026",
                                  "  Notes     bags", "  State     to do"])
        // Elsewhere the Create tab opens and an item without a date is today's.
        t.given("list")
        t.send("create Call", ["created \"Call\" for Sun Nov 29 2026"]) {
            $0.tab = .create
            $0.stacks[.create] = [.createForm]
        }
    }

    @Test(arguments: ["sqlite", "plist"])
    func severalRowsChangeInOneStepAndUndoInOne(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        for title in ["a", "b", "c", "d", "e"] { t.given("create \(title)") }
        t.given("day today")
        let items = try (1...5).map { try t.item($0) }
        t.send("check 4 1-2 2", ["checked 3 items: moved to Done", "Sun Nov 29 2026", "To do", "  1    c", "  2    e",
                                 "Done", "  3  ✓ d", "  4  ✓ a", "  5  ✓ b"]) {
            $0.listing = try [3, 5, 4, 1, 2].map { .item(try t.item($0)) }
        }
        t.send("undo", ["undid the check of 3 items", "Sun Nov 29 2026", "To do"] + ["a", "b", "c", "d", "e"].enumerated().map {
            "  \($0.offset + 1)    \($0.element)"
        }) {
            $0.listing = items.map { .item($0) }
        }
        // One stale row in the set: nothing is deleted.
        let other = try StoreOpener.open(path: t.store.path, backend: t.backend)
        _ = try other.setDone(true, id: items[4].id, expecting: nil, at: Date(timeIntervalSince1970: 1_790_000_000))
        t.send("swipe 1 5", ["error: \"e\" was changed since it was listed (another shell?); nothing was done: list again"],
               succeeds: false)
        #expect(try t.store.counts().total == 5)
        t.send("check 3-1", ["error: check: the range \"3-1\" runs backwards: write 1-3"], succeeds: false)
        t.send("check 1-100000000", ["error: check: no row \"100000000\": choose a number from 1 to 5"], succeeds: false)
        t.send("check 1 x", ["error: check: no row \"x\": choose a number from 1 to 5"], succeeds: false)
        t.send("postpone 1 2 dec 1", ["postponed 2 items to Tue Dec 1 2026", "Sun Nov 29 2026", "To do", "  1    c",
                                      "  2    d", "Done", "  3  ✓ e"]) {
            $0.listing = [items[2], items[3], try t.item(5)].map { .item($0) }
        }
        #expect(try [t.item(1), t.item(2)].map(\.due) == [today.adding(days: 2), today.adding(days: 2)])
    }

    @Test func theWeekShowsOverdueItemsAsRowZero() throws {
        let t = try ShellTester()
        t.given("create Old --date -2d")
        let old = try t.item(1)
        t.send("view", ["View: 7 days from Sun Nov 29 2026", "  0  Overdue     1 item"] + weekLines(counts: [0, 0, 0, 0, 0, 0, 0])) {
            $0.tab = .view
            $0.stacks[.view] = [.week(start: today)]
            $0.listing = (0..<7).map { .day(today.adding(days: $0)) }
            $0.listingZero = .overdue(before: today)
        }
        t.send("open 0", ["Overdue: due before Sun Nov 29 2026", "To do", "  1  Fri Nov 27  !  Old"]) {
            $0.stacks[.view]?.append(.overdue(before: today))
            $0.listing = [.item(old)]
        }
        #expect(t.interpreter.startupNotice() == "1 item overdue (view, then open 0)")
        // A week from another day has no Overdue row, and 0 is then no row.
        t.given("week tomorrow")
        t.send("open 0", ["error: open: no row \"0\": choose a number from 1 to 7"], succeeds: false)
    }

    @Test func listIsByDueDayWithTheYearWhenItIsNotThisYearAndAddedKeepsTheBookOrder() throws {
        let t = try ShellTester()
        t.given("create Next year --date 2027-01-04")
        t.given("create Today")
        t.send("list", ["All items", "To do", "  1  Sun Nov 29        Today", "  2  Mon Jan 4 2027    Next year"]) {
            $0.tab = .view
            $0.stacks[.view] = [.week(start: today), .all]
            $0.listing = [.item(try t.item(2)), .item(try t.item(1))]
        }
        t.send("list --added", ["All items, in the order added", "To do", "  1  Mon Jan 4 2027    Next year",
                                "  2  Sun Nov 29        Today"]) {
            $0.stacks[.view] = [.week(start: today), .added]
            $0.listing = [.item(try t.item(1)), .item(try t.item(2))]
        }
    }

    @Test func anEmptyLineAtThePromptJustPromptsAgain() throws {
        let t = try ShellTester()
        t.send("", [])
        t.send("   \t ", [])
    }

    @Test func errorsAreOneLineAndSayWhatIsValid() throws {
        let t = try ShellTester()
        // A fresh shell's rows are the week its prompt names (issue 27, 11).
        t.send("open 9", ["error: open: no row \"9\": choose a number from 1 to 7"], succeeds: false)
        t.send("undo", ["error: undo: nothing to undo"], succeeds: false)
        t.given("view")
        t.send("open 8", ["error: open: no row \"8\": choose a number from 1 to 7"], succeeds: false)
        t.send("open -1", ["error: open: no row \"-1\": choose a number from 1 to 7"], succeeds: false)
        t.send("open 99999999999999999999999", ["error: open: no row \"99999999999999999999999\": choose a number from 1 to 7"],
               succeeds: false)
        t.send("swipe 1", ["error: swipe: the rows listed are days: open one first"], succeeds: false)
        t.send("open", ["error: open: missing N (usage: open N)"], succeeds: false)
        t.send("open 1 2", ["error: open: unexpected \"2\" (usage: open N)"], succeeds: false)
        t.send("veiw", ["error: unknown command \"veiw\": did you mean \"view\"? (help lists all)"], succeeds: false)
        t.send("create x --when now", ["error: create: unknown option --when (valid: --date, --no-date, --at, --coords, --notes, --every, --after-done, --rrule, --times, --until, --no-geocode, --priority, --tag, --start, --remind, --list, --progress, --under)"],
               succeeds: false)
        t.send("create x --date", ["error: create: --date needs a DATE (usage: create [TITLE...] [--date DATE] [--no-date] [--at PLACE] [--coords LAT,LON] [--notes TEXT] [--every RULE] [--after-done] [--rrule RULE] [--times N] [--until DATE] [--no-geocode] [--priority P] [--tag TAG] [--start DATE] [--remind WHEN] [--list NAME] [--progress PERCENT] [--under N])"],
               succeeds: false)
        t.send("create \"unclosed", ["error: unbalanced \" quote: close it or escape it with a backslash"], succeeds: false)
        t.send("week someday", ["error: cannot read the date \"someday\": try YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +3d, +2w or dec 1"],
               succeeds: false)
        t.send("set output xml", ["error: set output: choose text, json, csv, tsv or markdown, not \"xml\""], succeeds: false)
        t.send("set pagesize 0", ["error: set pagesize: choose a number of rows from 1 to 100000, or off, not \"0\""],
               succeeds: false)
        t.send("set timing yes", ["error: set timing: choose on or off, not \"yes\""], succeeds: false)
        t.send("set color json", ["error: set color: choose on or off, not \"json\""], succeeds: false)
        t.send("create x --coords 1,2", ["error: create: --coords needs --at PLACE"], succeeds: false)
    }

    @Test func duplicatesAreRefusedWithTheReason() throws {
        let t = try ShellTester()
        t.given("create Milk --notes \"2 l\"")
        t.send("create Milk --notes \"2 l\"",
               ["error: \"Milk\" is already on the list for Sun Nov 29; change the title, notes, date or place to add another"],
               succeeds: false)
    }

    @Test func clearNeedsYesInAScriptAndUndoRestores() throws {
        let t = try ShellTester()
        t.given("create a")
        t.given("create b")
        let a = try t.item(1), b = try t.item(2)
        t.send("clear", ["error: clear: removes all 2 items; in a script say clear --yes"], succeeds: false)
        t.send("clear --yes", ["removed 2 items (undo brings them back)"])
        #expect(try t.store.counts().total == 0)
        t.send("undo", ["undid the clear of 2 items"])
        #expect(try t.store.allItems() == [a, b])
    }

    @Test func jsonOutputIsOneObjectPerCommand() throws {
        let t = try ShellTester()
        t.given("create Buy \"milk\" --date 2026-11-30 --at Shop --coords 1.5,2")
        t.send("set output json", ["{\"ok\":true,\"command\":\"set\",\"message\":\"output is json\"}"]) { $0.output = .json }
        t.send("day 2026-11-30", [
            "{\"ok\":true,\"command\":\"day\",\"screen\":\"day\",\"date\":\"2026-11-30\",\"heading\":\"Mon Nov 30 2026\",\"items\":[{\"n\":1,\"id\":\"00000000-0000-0000-0000-000000000001\",\"title\":\"Buy milk\",\"date\":\"2026-11-30\",\"done\":false,\"location\":{\"name\":\"Shop\",\"latitude\":1.5,\"longitude\":2.0,\"map\":\"https://www.openstreetmap.org/?mlat=1.5&mlon=2#map=16/1.5/2\"}}]}",
        ]) {
            $0.tab = .view
            $0.stacks[.view] = [.week(start: today), .day(today.adding(days: 1))]
            $0.listing = [.item(try #require(try t.store.item(id: ShellTester.id(1))))]
        }
        t.send("open 5", ["{\"ok\":false,\"command\":\"open\",\"error\":\"open: no row \\\"5\\\": choose a number from 1 to 1\"}"],
               succeeds: false)
        t.send("nope", ["{\"ok\":false,\"command\":\"\",\"error\":\"unknown command \\\"nope\\\" (help lists all)\"}"],
               succeeds: false)
        t.given("view")
        let week = try #require(t.sink.all.first)
        #expect(week.contains("{\"n\":2,\"date\":\"2026-11-30\",\"label\":\"Mon Nov 30\",\"count\":1}"))
    }

    @Test func formAsksFieldByFieldAndCtrlCSavesNothing() throws {
        let answers = ScriptedPrompter(["Dentist", "dec 3 10:00", "Clinic", "", "bring card", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        t.send("create", ["created \"Dentist\" for Thu Dec 3 2026 at 10:00"]) {
            $0.tab = .create
            $0.stacks[.create] = [.createForm]
        }
        #expect(answers.questions == ["Title: ", "Date [today]: ", "Place (optional): ",
                                      "Coordinates LAT,LON (optional): ", "Notes (optional): ", "Repeat (optional): ", "Priority (optional): ", "Tags (optional): ",
                                      "Starts (optional): "])
        #expect(try t.item(1).location == Location(name: "Clinic"))
        answers.load(["Half typed", nil])
        t.send("create", ["cancelled; nothing was saved"])
        #expect(try t.store.counts().total == 1)
        answers.load([nil])
        t.send("clear", ["kept everything"])
    }

    @Test func bareEditAsksEachFieldWithItsCurrentValueAndCtrlCChangesNothing() throws {
        let answers = ScriptedPrompter([])
        let t = try ShellTester(prompter: answers)
        t.given("create Dentist --date tomorrow --at Clinic --coords 48.85,2.35 --notes \"bring card\"")
        t.given("list")
        // The person changes the day and the time, empties the coordinates and the notes.
        answers.load(["Dentist", "2026-12-03", "10:00", "Clinic", "", "", "", "", "", ""])
        t.send("edit 1", ["edited \"Dentist\" (Thu Dec 3 2026 at 10:00)", "All items", "To do",
                          "  1  Thu Dec 3  10:00    Dentist  @ Clinic"]) {
            $0.listing = [.item(try t.item(1))]
        }
        #expect(answers.questions == ["Title: ", "Date (optional): ", "Time HH:MM (optional): ", "Place (optional): ",
                                      "Coordinates LAT,LON (optional): ", "Notes (optional): ", "Repeat (optional): ", "Priority (optional): ", "Tags (optional): ",
                                      "Starts (optional): "])
        #expect(answers.initials == ["Dentist", "2026-11-30", "", "Clinic", "48.85,2.35", "bring card", "", "", "", ""])
        #expect(try t.item(1).location == Location(name: "Clinic") && t.item(1).notes == nil)
        // Emptying the place skips its coordinates; Ctrl-C at any field changes nothing.
        let edited = try t.item(1)
        answers.load(["Dentist", "2026-12-03", "10:00", nil])
        t.send("edit 1", ["cancelled; nothing was changed"])
        #expect(try t.item(1) == edited)
    }

    @Test func helpIsDerivedFromTheDeclarations() throws {
        let t = try ShellTester()
        t.send("help swipe", ["usage: swipe N... [--yes]", "delete rows, as swiping left did",
                              "Several rows are deleted together, or none if one changed since it was listed. A",
                              "parent is deleted with all its subtasks: asked at a terminal, --yes in a script.",
                              "also: delete, rm", "  N  row numbers of the last listing: 1 3 5, 1,2, 2-4",
                              "  --yes  delete a parent's subtasks with it without asking",
                              "Words: a command's own words (a title, rows) come first; an option's value runs",
                              "up to the next --option; quote a word to keep it as text (\"--draft\"); a word",
                              "that fits nowhere is an error."]) {
            // Help is a screen of its own over the week, so `back` (and `more`) work on it.
            $0.stacks[.view] = [.week(start: ShellTester.today), .help(command: "swipe", shown: 7)]
        }
        t.given("help")
        // One line a command, wrapped (never cut) where a summary is longer than the width.
        #expect(t.sink.all.count >= CommandTable.standard.specs.count + 2)
        #expect(t.sink.all.allSatisfy { DisplayWidth.of($0) <= 80 && !$0.contains("…") })
        for spec in CommandTable.standard.specs {
            #expect(t.sink.all.contains { $0.hasPrefix(spec.name + " ") })
        }
    }

    @Test func everyCommandIsDeclaredExactlyOnce() {
        let names = CommandTable.standard.allNames
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: ["sqlite", "plist"])
    func importExportAndUndoImport(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        let entries: [[String: Any]] = [["titleKey": "From the book", "locationKey": ["nameKey": "Library"]],
                                        ["titleKey": "Second"]]
        let data = try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: t.directory + "/toDoItems.plist"))
        t.send("import toDoItems.plist", ["imported 2 items from toDoItems.plist (ItemManager toDoItems.plist)"])
        t.send("import toDoItems.plist",
               ["imported 0 items from toDoItems.plist (ItemManager toDoItems.plist), skipped 2 already on the list"])
        t.send("export out.json", ["exported 2 items to out.json (JSON)"])
        #expect(FileManager.default.fileExists(atPath: t.directory + "/out.json"))
        t.send("undo", ["undid the import of 2 items"])
        #expect(try t.store.counts().total == 0)
        t.send("import nothing.plist", ["error: nothing.plist: cannot read the file (no such file)"],
               succeeds: false)
    }

    func weekLines(counts: [Int]) -> [String] {
        let labels = ["Sun Nov 29", "Mon Nov 30", "Tue Dec 1 ", "Wed Dec 2 ", "Thu Dec 3 ", "Fri Dec 4 ", "Sat Dec 5 "]
        return counts.enumerated().map { i, n in
            "  \(i + 1)  \(labels[i])  " + (n == 0 ? "no items" : n == 1 ? "1 item" : "\(n) items") + (i == 0 ? "  today" : "")
        }
    }
}

/// Answers the form's questions from a list; nil plays Ctrl-C. Keeps every question as asked
/// (its Tab and history too) and every line said between them.
final class ScriptedPrompter: Prompter {
    private var answers: [String?]
    private(set) var asked: [Question] = []
    private(set) var told: [String] = []

    init(_ answers: [String?]) {
        self.answers = answers
    }

    func load(_ next: [String?]) {
        answers = next
        asked = []
        told = []
    }

    var questions: [String] { asked.map(\.text) }
    var initials: [String] { asked.map(\.initial) }

    /// What Tab offers (the inserts) at the question asked `n`-th, with `typed` in the line.
    func tab(_ n: Int, _ typed: String) -> [String] {
        guard asked.indices.contains(n) else { return [] }
        return asked[n].complete?(typed).candidates.map(\.insert) ?? []
    }

    func ask(_ question: Question) -> String? {
        asked.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    func tell(_ line: String) {
        told.append(line)
    }
}
