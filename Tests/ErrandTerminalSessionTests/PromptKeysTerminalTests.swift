import ErrandTestSupport
import Foundation
import Testing

/// Issue 46, items 6 to 8, at a real terminal: an abbreviation expands on Space and on Enter
/// and the history keeps the full words; Ctrl-R lists the matching history ranked and Enter
/// puts the picked line on the prompt; Alt-E and Ctrl-X Ctrl-E hand the line to $VISUAL and
/// bring it back unexecuted. What each draws and decides is HistorySearchLogicTests'.
extension PromptTerminalTests {
    @Test func anAbbreviationExpandsOnSpaceAndOnEnterAndTheHistoryKeepsTheFullWords() throws {
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 100, options: "--no-color")
        try tmux.type("abbr tw \"find due:<+7d\"")
        // Kept for the next session.
        try tmux.wait(for: "kept in \(dir)/.config/errand/errandrc")
        #expect(try String(contentsOfFile: dir + "/.config/errand/errandrc", encoding: .utf8) == "abbr tw \"find due:<+7d\"\n")
        try tmux.type("create Buy milk")
        try tmux.enter(text: "tw")
        let expanded = try tmux.press("Space")
        #expect(expanded?.line == "find due:<+7d ")
        try tmux.waitLine("create> find due:<+7d")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "Found \"due:<+7d\"")
        // Enter on the word alone shows what it stands for on the line, then runs it.
        try tmux.type("tw")
        try tmux.wait(describing: "the expansion run twice", read: { try tmux.scrollback() }) {
            $0.components(separatedBy: "Found \"due:<+7d\"").count == 3
        }
        let lines = try tmux.scrollback().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0.hasSuffix("> find due:<+7d") }.count == 2 && !lines.contains { $0.hasSuffix("> tw") }, "\(lines)")
        // A word that only starts like one, or one later on the line, stays as typed (and the
        // prompt's mark says Enter would refuse it).
        try tmux.enter(text: "twx tw")
        try tmux.press("Space")
        try tmux.waitLine("view › find due:<+7d! twx tw")
        try tmux.press("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
        let history = try String(contentsOfFile: dir + "/state/errand/history", encoding: .utf8)
        #expect(history.split(separator: "\n").suffix(2) == ["find due:<+7d ", "find due:<+7d"], "\(history)")
    }

    @Test func ctrlRListsTheMatchingHistoryRankedAndEnterTakesTheOnePicked() throws {
        try writeHistory(["create Buy milk", "find milk", "view", "create Call mum", "list"])
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 80, options: "--no-color")
        try tmux.enter(text: "cr")
        let search = try tmux.press("C-r")
        #expect(search?.reading == "search" && search?.line == "cr")
        try tmux.wait(for: "search: cr  1 of 2\n> create Call mum\n  create Buy milk")
        try tmux.press("Down")
        try tmux.wait(for: "  create Call mum\n> create Buy milk")
        let taken = try tmux.press("Enter")
        #expect(taken?.reading == "key" && taken?.line == "create Buy milk")
        try tmux.waitLine("view> create Buy milk")
        #expect(try !tmux.screen().contains("search:"), "the list is gone once a line is taken")
        // Typing narrows; Escape leaves the line as it was.
        try tmux.press("C-u")
        try tmux.enter(text: "m")
        try tmux.press("C-r")
        let narrowed = try tmux.enter(text: "ilk")
        #expect(narrowed?.reading == "search" && narrowed?.line == "milk")
        try tmux.wait(for: "search: milk  1 of 2\n> find milk\n  create Buy milk")
        let left = try tmux.press("Escape")
        #expect(left?.line == "m")
        #expect(try !tmux.screen().contains("search:"))
        try tmux.press("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
    }

    @Test func altEAndCtrlXCtrlEEditTheLineInTheEditorAndBringItBackUnrun() throws {
        let editor = dir + "/oat-editor"
        try "#!/bin/sh\nsed -i 's/milk/oat milk/' \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o755) == 0)
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 80, options: "--no-color", environment: "VISUAL=\(editor)")
        try tmux.enter(text: "create Buy milk")
        let edited = try tmux.press("M-e")
        #expect(edited?.line == "create Buy oat milk")
        try tmux.waitLine("view> create Buy oat milk")
        let again = try tmux.press("C-x", "C-e")
        #expect(again?.line == "create Buy oat oat milk")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "created \"Buy oat oat milk\"")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
    }
}
