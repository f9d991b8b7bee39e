import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 26 in a real terminal (tmux, on a socket of its own), typed at as a person would.
@Suite(.serialized) final class PromptTerminalTests {
    let dir = NSTemporaryDirectory() + "errand-tty-prompt-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func history(_ tmux: TmuxDriver) throws -> [String] {
        try tmux.run(["capture-pane", "-p", "-J", "-S", "-", "-t", "t"]).split(separator: "\n").map(String.init)
    }

    /// The lines after the last prompt that ran `command`, up to the next prompt.
    func output(of command: String, in lines: [String]) -> [String] {
        guard let start = lines.lastIndex(where: { $0.hasSuffix("> " + command) }) else { return [] }
        return Array(lines[lines.index(after: start)...].prefix { !$0.contains("> ") })
    }

    func type(_ tmux: TmuxDriver, _ line: String) throws { try tmux.typeAtPrompt(line) }

    /// `command`'s output once it holds `rows` lines (a capture as a row lands can miss the rest).
    func read(_ tmux: TmuxDriver, _ command: String, rows: Int) throws -> [String] {
        try tmux.poll(timeout: 120) { () throws -> [String]? in
            let lines = output(of: command, in: try history(tmux))
            return lines.count >= rows ? lines : nil
        } ?? []
    }

    /// errand in a window `columns` wide, on this test's folders (its store and history kept
    /// from one start to the next); `options` go before any command.
    func launch(_ tmux: TerminalSessionTests.Tmux, columns: Int, options: String = "", environment: String = "") throws {
        let executable = try ChildProcess.built()
        let env = "HOME=\(dir) XDG_DATA_HOME=\(dir)/data XDG_STATE_HOME=\(dir)/state ERRAND_TODAY=2026-11-29 "
            + "ERRAND_GEOCODER=off LANG=C.UTF-8 TERM=xterm \(environment)"
        try tmux.start("env -u NO_COLOR \(env) \(executable) \(options); echo EXIT=$?", columns: columns, rows: 30)
        try tmux.wait(for: "view>")
    }

    /// The screen with its colours, as the escapes that draw them.
    func colours(_ tmux: TmuxDriver) throws -> String { try tmux.run(["capture-pane", "-p", "-e", "-t", "t"]) }

    /// Item 7: three days of one item each draw a cell each, at 80 columns and at 40; a busy
    /// day is scaled only where it would not fit.
    @Test func theWeeksBarsAreACellAnItemAtEightyAndFortyColumns() throws {
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 80)
        for day in ["tomorrow", "dec 1", "dec 2"] { try type(tmux, "create Errand on \(day) --date \(day)") }
        for n in 1...12 { try type(tmux, "create Task \(n) --date dec 3") }
        try type(tmux, "view")
        // The counts are padded to the widest, "no items  today"; 80 leaves 46 cells after them.
        let one = "1 item" + String(repeating: " ", count: 11)
        let twelve = "12 items" + String(repeating: " ", count: 9)
        let wide = try read(tmux, "view", rows: 8)
        #expect(Array(wide.dropFirst(2).prefix(4)) == ["  2  Mon Nov 30  \(one)█", "  3  Tue Dec 1   \(one)█",
                                                       "  4  Wed Dec 2   \(one)█",
                                                       "  5  Thu Dec 3   \(twelve)" + String(repeating: "█", count: 12)], "\(wide)")
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
        // A window 40 wide from the start: a resize is laid out at the next command, but the
        // pane's new size can reach the terminal after tmux says it is done.
        try tmux.renew()
        try launch(tmux, columns: 40)
        try type(tmux, "week")
        // 40 leaves 6: twelve take them all, one item half a cell.
        let narrow = try read(tmux, "week", rows: 8)
        #expect(Array(narrow.dropFirst(2).prefix(4)) == ["  2  Mon Nov 30  \(one)▌", "  3  Tue Dec 1   \(one)▌",
                                                         "  4  Wed Dec 2   \(one)▌", "  5  Thu Dec 3   \(twelve)██████"],
                "\(narrow)")
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(narrow)")
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
    }

    func writeHistory(_ lines: [String]) throws {
        try FileManager.default.createDirectory(atPath: dir + "/state/errand", withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/state/errand/history", atomically: true, encoding: .utf8)
    }

    /// Waits for the screen, colours included, to hold `text`.
    @discardableResult
    func waitColoured(_ tmux: TmuxDriver, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var last = ""
        let found = try tmux.poll(timeout: 120) { () throws -> String? in
            last = try colours(tmux)
            return last.contains(text) ? last : nil
        }
        if found == nil { Issue.record("screen never showed \(text.debugDescription):\n\(last.debugDescription)", sourceLocation: sourceLocation) }
        return last
    }

    /// The screen's last line (the prompt's, no colours), once it is `expected`.
    func waitLine(_ tmux: TerminalSessionTests.Tmux, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var last = ""
        let found = try tmux.poll(timeout: 120) { () throws -> Bool? in
            last = try tmux.screen().split(separator: "\n").last.map(String.init) ?? ""
            return last == expected ? true : nil
        }
        if found == nil { Issue.record("the prompt's line is \(last.debugDescription), not \(expected.debugDescription)", sourceLocation: sourceLocation) }
    }

    /// Item 1: the newest history line that starts with what is typed is drawn dimmed after
    /// the cursor; → and Ctrl-F take it, Alt-F a word of it, typing on drops it, and
    /// `set suggest off` stops it.
    @Test func aSuggestionFromHistoryIsDimmedAfterTheCursorAndTaken() throws {
        try writeHistory(["create Buy milk", "list", "create Call mum --date tomorrow", "view"])
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 100)
        try tmux.run(["send-keys", "-t", "t", "-l", "cr"])
        try waitColoured(tmux, "view> cr\u{1B}[2meate Call mum --date tomorrow")
        // → takes all of it; the line is then plain text, the cursor at its end.
        try tmux.keys("Right")
        // The plain text is the same before and after the key: wait for the colours to go.
        try waitColoured(tmux, "view> create Call mum --date tomorrow")
        #expect(try !colours(tmux).contains("\u{1B}[2m"))
        // Alt-F one word, Ctrl-F the rest.
        try tmux.keys("C-u", "c", "r", "M-f")
        try waitColoured(tmux, "view> create\u{1B}[2m Call mum --date tomorrow")
        try tmux.keys("M-f")
        try waitColoured(tmux, "view> create Call\u{1B}[2m mum --date tomorrow")
        try tmux.keys("C-f")
        try waitColoured(tmux, "view> create Call mum --date tomorrow")
        try tmux.keys("Enter")
        try tmux.wait(for: "created \"Call mum\" for Mon Nov 30 2026")
        try type(tmux, "view")
        try tmux.wait(for: "View: 7 days")
        // The prompt first: keys sent while the command runs are echoed by the tty, not libedit.
        try waitLine(tmux, "view>")
        // Typing something no line starts with drops it; deleting back brings the newest back.
        try tmux.run(["send-keys", "-t", "t", "-l", "crx"])
        try waitLine(tmux, "view> crx")
        #expect(try !colours(tmux).contains("\u{1B}[2m"))
        try tmux.keys("BSpace")
        try waitColoured(tmux, "view> cr\u{1B}[2meate Call mum --date tomorrow")
        // Right in the middle of the line moves, as it always did.
        try tmux.keys("Left", "Left", "Right", "X")
        try waitLine(tmux, "view> cXr")
        try tmux.keys("C-u")
        try type(tmux, "set suggest off")
        try tmux.wait(for: "suggest is off")
        try waitLine(tmux, "view>")
        try tmux.run(["send-keys", "-t", "t", "-l", "cr"])
        try waitLine(tmux, "view> cr")
        #expect(try !colours(tmux).contains("\u{1B}[2m"))
        try tmux.keys("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
        // Without colour (--no-color, as NO_COLOR gives) there is none either.
        try tmux.renew()
        try launch(tmux, columns: 100, options: "--no-color")
        try tmux.run(["send-keys", "-t", "t", "-l", "cr"])
        try waitLine(tmux, "view> cr")
        #expect(try !colours(tmux).contains("\u{1B}[2m"))
        try tmux.keys("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
    }

    /// Item 2: Up and Down walk the lines that start with what is typed (all of them on an
    /// empty line), back to what was typed; Ctrl-R still searches.
    @Test func upAndDownWalkTheHistoryByPrefixAndCtrlRStillSearches() throws {
        try writeHistory(["create Buy milk", "list", "create Call mum", "view"])
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 100, options: "--no-color")
        try tmux.run(["send-keys", "-t", "t", "-l", "cr"])
        try waitLine(tmux, "view> cr")
        try tmux.keys("Up")
        try waitLine(tmux, "view> create Call mum")
        try tmux.keys("Up")
        try waitLine(tmux, "view> create Buy milk")
        try tmux.keys("Down")
        try waitLine(tmux, "view> create Call mum")
        try tmux.keys("Down")
        try waitLine(tmux, "view> cr")
        try tmux.keys("Enter")
        try tmux.wait(for: "unknown command")
        // Nothing typed: every line, newest first.
        try tmux.keys("Up")
        try waitLine(tmux, "view> cr")
        try tmux.keys("Up")
        try waitLine(tmux, "view> view")
        try tmux.keys("Up")
        try waitLine(tmux, "view> create Call mum")
        try tmux.keys("Up")
        try waitLine(tmux, "view> list")
        try tmux.keys("C-u", "C-r")
        try tmux.run(["send-keys", "-t", "t", "-l", "milk"])
        try tmux.wait(for: "bck:milk")
        try tmux.keys("Enter")
        try tmux.wait(for: "created \"Buy milk\"")
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
    }

    /// Bad input: a history of 100,000 lines, one of them 1 MB long. The newest 10,000 are
    /// kept; a suggestion of the long line is cut to the screen, a long typed line gets none.
    @Test func aHugeHistoryAndAMegabyteLineKeepThePromptWhole() throws {
        let long = "create " + String(repeating: "x", count: 1_048_000)
        try writeHistory(["create Oldest"] + (1..<99_999).map { "list --page \($0)" } + [long, "view"])
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 60)
        try tmux.run(["send-keys", "-t", "t", "-l", "cr"])
        // "view> cr" is 8 columns, the suggestion the 51 after it: no wrap, nothing past the screen.
        try waitColoured(tmux, "view> cr\u{1B}[2meate " + String(repeating: "x", count: 44))
        let rows = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(rows.map(\.count))")
        // The oldest line was dropped with the other 89,999.
        try tmux.run(["send-keys", "-t", "t", "-l", "eate O"])
        try waitLine(tmux, "view> create O")
        #expect(try !colours(tmux).contains("\u{1B}[2m"))
        try tmux.keys("C-u", "Up")
        try waitLine(tmux, "view> view")
        try tmux.keys("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
    }

    /// Item 4 at a terminal: `notes N` hands the terminal to $VISUAL (here a one-line editor
    /// that asks on the terminal, as vi would draw on it), saves what it wrote, and gives the
    /// prompt back; an editor that fails changes nothing and says so in one line.
    @Test func notesAreWrittenInTheEditorAndThePromptComesBack() throws {
        let editor = dir + "/one-line-editor"
        try "#!/bin/sh\nprintf 'editor> '\nIFS= read -r line || exit 1\n[ \"$line\" = fail ] && exit 4\nprintf '%s\\n' \"$line\" > \"$1\"\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        #expect(chmod(editor, 0o755) == 0)
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 100, environment: "VISUAL=\(editor)")
        try type(tmux, "create Milk")
        try type(tmux, "list")
        try tmux.wait(for: "Milk")
        try type(tmux, "notes 1")
        try tmux.wait(for: "editor>")
        try type(tmux, "Buy oat milk")
        try tmux.wait(for: "notes of \"Milk\" saved")
        try type(tmux, "open 1")
        let saved = try read(tmux, "open 1", rows: 2)
        #expect(saved.contains { $0.contains("Notes") && $0.contains("Buy oat milk") }, "\(saved)")
        // Failing: one line, the notes as they were, the prompt back.
        try type(tmux, "back")
        try type(tmux, "notes 1")
        _ = try tmux.poll(timeout: 120) { () throws -> Bool? in
            try self.history(tmux).filter { $0.contains("editor>") }.count >= 2 ? true : nil
        }
        try type(tmux, "fail")
        try tmux.wait(for: "exited with status 4")
        try type(tmux, "open 1")
        let lines = try read(tmux, "open 1", rows: 2)
        #expect(lines.contains { $0.contains("Notes") && $0.contains("Buy oat milk") }, "\(lines)")
        #expect(try history(tmux).filter { $0.contains("exited with status 4") }.allSatisfy { $0.contains("nothing was changed") })
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
    }
}
