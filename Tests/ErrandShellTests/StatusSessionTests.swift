import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// `start`, `stop`, `cancel`, `progress` and `board` through the shell, on both backends
/// (issue 45): what each says and marks, what each refuses, one undo each, and the board's
/// numbers working as a list's.
@Suite struct StatusSessionTests {
    func three(_ t: ShellTester) {
        t.given("create Write report --date tomorrow --priority high")
        t.given("create Paint fence --date dec 5")
        t.given("create Book flights --no-date")
        t.given("list")
    }

    @Test(arguments: ["sqlite", "plist"])
    func startMarksARowAndStopTakesTheMarkOff(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        three(t)
        #expect(t.said("start 1") == ["started \"Write report\": in progress", "All items", "To do",
                                        "  1  Mon Nov 30  ▶ !!! Write report", "  2  Sat Dec 5         Paint fence",
                                        "  3  No date           Book flights"])
        #expect(try t.item(1).state == .started)
        #expect(t.said("start 1") == ["error: \"Write report\" is already started"])
        #expect(t.said("stop 2") == ["error: \"Paint fence\" is not started"])
        t.given("stop 1")
        #expect(try t.item(1).state == .toDo)
        t.given("undo")
        #expect(try t.item(1).state == .started)
        #expect(t.said("open 1").suffix(2) == ["  Priority  high (1)", "  State     in progress"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func cancelClosesARowMarkedAndCheckRefusesIt(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        three(t)
        #expect(t.said("cancel 3") == ["cancelled \"Book flights\": listed with Done", "All items", "To do",
                                         "  1  Mon Nov 30    !!! Write report", "  2  Sat Dec 5         Paint fence",
                                         "Done", "  3  No date     ⊘     Book flights"])
        #expect(try t.item(3).state == .cancelled && t.item(3).isDone)
        #expect(t.said("check 3") == ["error: \"Book flights\" is cancelled: uncheck it to reopen it, then check it"])
        #expect(t.said("cancel 3") == ["error: \"Book flights\" is already cancelled"])
        // A cancelled item is not to do: out of the week's counts and of is:open.
        #expect(t.said("find is:open").count == 4)
        t.given("list")
        t.given("uncheck 3")
        #expect(try t.item(3).state == .toDo)
        // A done item can be called cancelled after all, where it stands.
        t.given("list")
        t.given("check 1")
        t.given("list")
        t.given("cancel 3")
        #expect(try t.item(1).state == .cancelled)
    }

    @Test(arguments: ["sqlite", "plist"])
    func cancellingAParentCancelsItsOpenSubtasksAndASeriesEnds(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Party --date dec 5")
        t.given("list")
        t.given("create Cake --under 1")
        t.given("create Balloons --under 1")
        t.given("list")
        t.given("check 3")
        t.given("list")
        #expect(t.said("cancel 1").first == "cancelled \"Party\" and 1 subtask under it: listed with Done")
        #expect(try t.item(1).state == .cancelled && t.item(2).state == .cancelled && t.item(3).state == .done)
        t.given("undo")
        #expect(try t.item(1).state == .toDo && t.item(2).state == .toDo && t.item(3).state == .done)
        t.given("create Water plants --date today --every week")
        t.given("find water")
        #expect(t.said("cancel 1").first == "cancelled \"Water plants\": the series ends")
        #expect(t.said("find water") == ["Found \"water\"", "Done", "  1  Sun Nov 29  ⊘ Water plants"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func progressStartsARowStillToDoAndCheckMakesItAHundred(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        three(t)
        #expect(t.said("progress 1 2 40%").first == "2 items at 40%, started")
        #expect(try t.item(1).progress == 40 && t.item(1).state == .started)
        #expect(t.said("progress 1 40").first == "nothing to change: \"Write report\" is at 40% already")
        #expect(t.said("progress 1 101") == ["error: progress: the progress is 0 to 100, with or without %: got \"101\""])
        #expect(t.said("progress 1") == ["error: progress: missing PERCENT (usage: progress N... PERCENT)"])
        t.given("progress 2 0")
        #expect(try t.item(2).progress == nil && t.item(2).state == .started)
        t.given("list")
        t.given("check 1")
        #expect(try t.item(1).progress == 100 && t.item(1).state == .done)
        t.given("list")
        t.given("uncheck 3")
        #expect(try t.item(1).progress == nil && t.item(1).state == .toDo)
        // Given on create or edit, a progress starts an item the same way.
        t.given("create Tidy up --progress 20")
        #expect(try t.item(4).state == .started && t.item(4).progress == 20)
        t.given("find write")
        t.given("edit 1 --progress 100")
        #expect(try t.item(1).state == .toDo && t.item(1).progress == 100)
    }

    @Test(arguments: ["sqlite", "plist"])
    func theFindTermsListTheStates(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        three(t)
        t.given("progress 1 40")
        t.given("list")
        t.given("cancel 3")
        #expect(t.said("find is:started") == ["Found \"is:started\"", "To do", "  1  Mon Nov 30  ▶ !!! Write report 40%"])
        #expect(t.said("find is:cancelled") == ["Found \"is:cancelled\"", "Done", "  1  No date  ⊘ Book flights"])
        // None is 0%: the other two are under 50, the started one is not over 40.
        #expect(t.said("find progress:<50 -is:started").count == 5)
        #expect(t.said("find progress:>40") == ["nothing found for \"progress:>40\""])
        #expect(t.said("find progress:40..") .count == 3)
        #expect(t.said("find progress:lots") == [
            "error: find: \"progress:lots\" at column 1: progress: is a percent 0 to 100: 40, <50, >=50 or 20..60"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func theBoardNumbersItsRowsForTheCommandsAfterIt(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        three(t)
        t.given("start 2")
        t.given("list")
        t.given("cancel 3")
        // An empty column is as wide as its heading; the others share the rest of 80.
        #expect(t.said("board") == [
            "Board",
            "To do (1)               In progress (1)         Done (0)  Cancelled (1)",
            "1 !!! Write report      2 Paint fence                     3 Book flights",
        ])
        // Row 1 is the To do column's: started, it moves to In progress and the board is shown again.
        #expect(t.said("start 1").prefix(3) == ["started \"Write report\": in progress", "Board",
                                                  "To do (0)  In progress (2)               Done (0)  Cancelled (1)"])
        t.given("check 1")
        #expect(try t.item(1).state == .done)
        #expect(t.said("open 3").first == "Book flights")
        t.given("set output json")
        let json = t.said("board").joined()
        #expect(json.contains("\"screen\":\"board\"") && json.contains("\"state\":\"in progress\",\"heading\":\"In progress\",\"total\":1"))
    }

    @Test(arguments: ["sqlite", "plist"])
    func aColumnCutToTheRowsThatFitNamesTheFindThatListsItWhole(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        for n in 1...12 { t.given("create Task \(n) --date dec \(n)") }
        let board = t.said("board")
        #expect(board.count == 2 + 10 + 1 + 1)
        #expect(board.suffix(2) == ["  +2 more", "To do: find is:open -is:started lists all 12"])
        t.given("set pagesize 6")
        #expect(t.said("board").count == 2 + 4 + 1 + 1)
    }
}
