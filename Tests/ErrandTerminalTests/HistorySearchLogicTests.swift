@testable import ErrandTerminal
import Foundation
import Testing

/// Issue 46, items 6 and 8 without a terminal: Ctrl-R's ranking, its keys, what it draws and
/// where, and the line an editor hands back (Alt-E). The tmux smoke tests show libedit runs them.
@Suite struct HistorySearchLogicTests {
    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    let history = ["find due:<+7d is:open", "create Call mum", "view", "find velo", "create Buy milk", "Find DUE:today"]

    @Test func aLineThatStartsWithItComesFirstThenOneThatHoldsItThenItsLettersInOrder() {
        // Newest first within each: `find due:<+7d is:open` is the newest line.
        #expect(HistoryRanking.ranked("find", newestFirst: history, limit: 10)
            == ["find due:<+7d is:open", "find velo", "Find DUE:today"])
        #expect(HistoryRanking.ranked("mum", newestFirst: history, limit: 10) == ["create Call mum"])
        // Letters in order: f..d..o..p of `find due:<+7d is:open` only.
        #expect(HistoryRanking.ranked("fdop", newestFirst: history, limit: 10) == ["find due:<+7d is:open"])
        #expect(HistoryRanking.ranked("due", newestFirst: history, limit: 10) == ["find due:<+7d is:open", "Find DUE:today"])
        #expect(HistoryRanking.ranked("create", newestFirst: history, limit: 1) == ["create Call mum"])
        #expect(HistoryRanking.ranked("", newestFirst: history, limit: 2) == ["find due:<+7d is:open", "create Call mum"])
        #expect(HistoryRanking.ranked("zzz", newestFirst: history, limit: 10).isEmpty)
        // A line exactly as long as what is typed, and one shorter, are no crash and no match.
        #expect(HistoryRanking.ranked("viex", newestFirst: ["view", "vie"], limit: 10).isEmpty)
        #expect(HistoryRanking.ranked("ew", newestFirst: ["view"], limit: 10) == ["view"])
    }

    @Test func keysNarrowPickTakeAndCancel() {
        var picker = HistoryPicker(typed: "cr", newestFirst: history, rows: 5)
        #expect(picker.matches == ["create Call mum", "create Buy milk"])
        #expect(picker.press(.down) == .searching && picker.picked == 1)
        #expect(picker.press(.down) == .searching && picker.picked == 1, "the last stays picked")
        #expect(picker.press(.up) == .searching && picker.picked == 0)
        #expect(picker.press(.up) == .searching && picker.picked == 0)
        #expect(picker.press(.text("eate B")) == .searching)
        #expect(picker.matches == ["create Buy milk"] && picker.picked == 0)
        #expect(picker.press(.erase) == .searching && picker.typed == "create ")
        #expect(picker.press(.take) == .take("create Call mum"))
        #expect(picker.press(.cancel) == .cancel)
        var none = HistoryPicker(typed: "zzz", newestFirst: history, rows: 5)
        #expect(none.press(.take) == .cancel, "Enter with nothing listed leaves the line as it was")
        var empty = HistoryPicker(typed: "", newestFirst: history, rows: 5)
        #expect(empty.press(.erase) == .searching && empty.typed.isEmpty)
    }

    @Test func pressesAreReadFromTheirBytes() {
        #expect(PickerKey(Array("é".utf8)) == .text("é"))
        #expect(PickerKey([0x0D]) == .take)
        #expect(PickerKey([0x1B]) == .cancel, "Escape alone")
        #expect(PickerKey([0x07]) == .cancel)
        #expect(PickerKey([0x1B, 0x5B, 0x41]) == .up)
        #expect(PickerKey([0x1B, 0x4F, 0x42]) == .down, "the keypad's mode")
        #expect(PickerKey([0x12]) == .down, "Ctrl-R again: the next match")
        #expect(PickerKey([0x7F]) == .erase)
        #expect(PickerKey([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43]) == .ignored, "Ctrl-Right")
        #expect(PickerKey([0x01]) == .ignored)
        #expect(PickerKey([0xC3]) == .ignored, "half a character")
        #expect(PickerKey.following(0xC3) == 1 && PickerKey.following(0xE6) == 2 && PickerKey.following(0x61) == 0)
        #expect(PickerKey.following(0x1B) == nil)
    }

    @Test func theRowsAreCutToTheScreenAndScrollToThePickedOne() {
        var picker = HistoryPicker(typed: "e", newestFirst: history, rows: 2)
        let first = picker.drawn(width: 30, colour: false)
        #expect(first.rows == ["search: e  1 of 6", "> find due:<+7d is:open", "  create Call mum"])
        #expect(first.cursorColumn == 9, "after what is typed, before the count")
        _ = picker.press(.down)
        _ = picker.press(.down)
        // The third picked: the two shown end with it.
        #expect(picker.drawn(width: 30, colour: false).rows == ["search: e  3 of 6", "  create Call mum", "> view"])
        // 12 columns: the count leaves no room for what is typed; the picked row in reverse
        // video, the letters typed in bold.
        let coloured = HistoryPicker(typed: "velo", newestFirst: history, rows: 3).drawn(width: 12, colour: true)
        #expect(coloured.rows == ["search:   1 of 1", "\u{1B}[7m> find \u{1B}[1mvelo\u{1B}[22m\u{1B}[0m"])
        let spread = HistoryPicker(typed: "fdop", newestFirst: history, rows: 3).drawn(width: 40, colour: true)
        // The first letters that spell it: the d of find, not of due.
        #expect(spread.rows.last == "\u{1B}[7m> \u{1B}[1mf\u{1B}[22min\u{1B}[1md\u{1B}[22m due:<+7d is:\u{1B}[1mop\u{1B}[22men\u{1B}[0m")
        // Typed past the room: its end stays in sight.
        let long = HistoryPicker(typed: "abcdefghijklmnop", newestFirst: [], rows: 3).drawn(width: 30, colour: false)
        #expect(long.rows == ["search: fghijklmnop  no match"])
    }

    @Test func theFrameOpensUnderTheLineAndClosesBackOnTheCursorsRow() {
        // Prompt 6 columns, 75 typed, cursor after 10 of them, 40 columns: the line ends two rows down.
        let frame = PickerFrame(promptColumns: 6, beforeCursorColumns: 10, lineColumns: 75, width: 40)
        #expect(frame.rowsBelow == 2)
        #expect(frame.opening == "\r\n\r\n\r\n")
        #expect(frame.drawing(["search: x", "> one", "  two"], cursorColumn: 9) == "\r\u{1B}[Jsearch: x\r\n> one\r\n  two\u{1B}[2A\r\u{1B}[9C")
        #expect(frame.drawing(["search:   no match"], cursorColumn: 8) == "\r\u{1B}[Jsearch:   no match\r\u{1B}[8C")
        #expect(frame.closing == "\r\u{1B}[J\u{1B}[3A")
        #expect(PickerFrame(promptColumns: 6, beforeCursorColumns: 3, lineColumns: 3, width: 80).rowsBelow == 0)
    }

    @Test func theLettersTypedAreFoundTogetherFirstElseInOrder() {
        #expect(HistoryRanking.matched("DUE", in: "find due:x") == [5, 6, 7])
        #expect(HistoryRanking.matched("fdo", in: "find due:<+7d is:open") == [0, 3, 17])
        #expect(HistoryRanking.matched("zz", in: "find").isEmpty)
        #expect(HistoryRanking.matched("find more", in: "find").isEmpty)
        #expect(HistoryPicker.bold([1, 2], in: "abcd") == "a\u{1B}[1mbc\u{1B}[22md")
        #expect(HistoryPicker.bold([3], in: "abcd") == "abc\u{1B}[1md\u{1B}[22m")
    }

    @Test func anEditorsTextComesBackAsOneLine() {
        #expect(EditedLine.oneLine("create Buy oat milk\n") == "create Buy oat milk")
        #expect(EditedLine.oneLine("find velo\nor piano\n\n") == "find velo or piano")
        #expect(EditedLine.oneLine("\tcreate\u{7}  x\r\n") == "create  x")
        #expect(EditedLine.oneLine("\n\n").isEmpty)
    }

    @Test func theHistoryIsListedNewestFirstEachLineOnce() {
        let suggester = HistorySuggester(history: ["view", "find x ", "list", "find x", "view"], limit: 100)
        #expect(suggester.linesNewestFirst() == ["view", "find x", "list"])
        suggester.remember("list")
        #expect(suggester.linesNewestFirst() == ["list", "view", "find x"])
    }
}
