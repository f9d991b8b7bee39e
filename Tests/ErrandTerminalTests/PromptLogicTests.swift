@testable import ErrandTerminal
import Foundation
import Testing

/// Issue 41, item 2: what the prompt draws and does, as values, without a terminal: the mark
/// that says Enter would refuse the line, how much of a suggestion fits, where Alt-F goes, and
/// what Tab does to the line.
@Suite struct PromptLogicTests {
    /// Widths come from wcwidth, which knows wide characters only in a UTF-8 LC_CTYPE, as errand
    /// sets at start-up (TerminalInfo.setUpLocale); a test process starts in the C locale.
    init() { setlocale(LC_CTYPE, "C.UTF-8") }

    /// What SuggestionFit draws, as one comparable value.
    private func fit(_ rest: String, after line: String, width: Int) -> String? {
        SuggestionFit.shown(rest, after: line, width: width).map { "\($0.text)|\($0.columns)" }
    }

    @Test func theMarkIsRedWhileTheLineWouldBeRefusedAndPlainAfter() {
        let red = PromptMark(prompt: "view> ", beforeCursor: "opn", refused: true, colour: true, width: 80)
        // Saved cursor, to the row's start, over the four columns of "view", the mark, back.
        #expect(red.redraw(after: false) == "\u{1B}7\r\u{1B}[4C\u{1B}[1;31m>\u{1B}[0m\u{1B}8")
        let bang = PromptMark(prompt: "all> ", beforeCursor: "opn", refused: true, colour: false, width: 80)
        #expect(bang.redraw(after: false) == "\u{1B}7\r\u{1B}[3C!\u{1B}8")
        // Back to plain once: then nothing more is drawn while it stays plain.
        let plain = PromptMark(prompt: "view> ", beforeCursor: "open 1", refused: false, colour: true, width: 80)
        #expect(plain.redraw(after: true) == "\u{1B}7\r\u{1B}[4C>\u{1B}8")
        #expect(plain.redraw(after: false) == nil)
    }

    @Test func theMarkOfAWrappedLineIsFoundRowsUp() {
        // 6 columns of prompt and 75 typed on a 40-column screen: the cursor is two rows below.
        let mark = PromptMark(prompt: "view> ", beforeCursor: String(repeating: "x", count: 75), refused: true, colour: false, width: 40)
        #expect(mark.redraw(after: false) == "\u{1B}7\u{1B}[2A\r\u{1B}[4C!\u{1B}8")
        // A control character cannot be measured: nothing is drawn rather than a wrong place.
        let control = PromptMark(prompt: "view> ", beforeCursor: "a\u{7}b", refused: true, colour: false, width: 40)
        #expect(control.redraw(after: false) == nil)
    }

    @Test func aSuggestionIsCutToTheRowWithoutSplittingAWideCharacter() {
        #expect(fit("eate Call mum", after: "view> cr", width: 80) == "eate Call mum|13")
        // 20 columns, 8 used, one kept free: 11 fit.
        #expect(fit("eate Call mum", after: "view> cr", width: 20) == "eate Call m|11")
        // 東 is two columns: with three left, one fits, never half of the second.
        #expect(fit("東京", after: "view> cr", width: 12) == "東|2")
        #expect(fit("東京", after: "view> cr", width: 10) == nil)
        #expect(fit("x", after: "a\u{7}", width: 80) == nil)
    }

    @Test func altFMovesPastTheNextWordAsLibeditCountsWords() {
        #expect(WordMotion.nextWordEnd(in: " Call mum") == 5)
        #expect(WordMotion.nextWordEnd(in: "--date tomorrow") == 6, "- is a word character in libedit's emacs words")
        #expect(WordMotion.nextWordEnd(in: ", été") == 5)
        #expect(WordMotion.nextWordEnd(in: "") == nil)
    }

    @Test func tabCompletesOneListsManyAndKeepsAnOpenedQuote() {
        let one = TabCompletion(replaceCount: 2, candidates: [("list", "list", true)])
        #expect(one.step(before: "li") == .replace(typed: "li", with: "list "))
        let partial = TabCompletion(replaceCount: 2, candidates: [("list", "list", false)])
        #expect(partial.step(before: "li") == .replace(typed: "li", with: "list"))
        let shared = TabCompletion(replaceCount: 2, candidates: [("uncheck", "uncheck", true), ("undo", "undo", true)])
        #expect(shared.step(before: "u") == .replace(typed: "u", with: "un"))
        let listed = TabCompletion(replaceCount: 2, candidates: [("uncheck", "uncheck", true), ("undo", "undo", true)])
        #expect(listed.step(before: "un") == .list(["uncheck", "undo"]))
        // "Caf typed with its quote: a shared prefix without the quote would drop it.
        let quoted = TabCompletion(replaceCount: 4, candidates: [("Café crème", "Café crème", true), ("Café noir", "Café noir", true)])
        #expect(quoted.step(before: "\"Caf") == .list(["Café crème", "Café noir"]))
        #expect(TabCompletion(replaceCount: 0, candidates: []).step(before: "zz") == .nothing)
    }
}
