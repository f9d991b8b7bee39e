import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 26 in a real terminal (tmux, on a socket of its own), typed at as a person would.
@Suite(.serialized, .tags(.terminal, .process), .fullLane) final class PromptTerminalTests {
    let dir = NSTemporaryDirectory() + "errand-tty-prompt-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// The lines after the last prompt that ran `command`, up to the next prompt.
    func output(of command: String, in lines: [String]) -> [String] {
        guard let start = lines.lastIndex(where: { $0.hasSuffix("> " + command) }) else { return [] }
        return Array(lines[lines.index(after: start)...].prefix { !$0.contains("> ") })
    }

    /// `command`'s output once it holds `rows` lines (a capture as a row lands can miss the rest).
    func read(_ tmux: TmuxDriver, _ command: String, rows: Int) throws -> [String] {
        try Waiting.until { () throws -> [String]? in
            let lines = output(of: command, in: try tmux.scrollback().split(separator: "\n").map(String.init))
            return lines.count >= rows ? lines : nil
        } ?? []
    }

    /// errand in a window `columns` wide, on this test's folders (its store and history kept
    /// from one start to the next); `options` go before any command.
    func launch(_ tmux: TerminalSessionTests.Tmux, columns: Int, rows: Int = 30, options: String = "", environment: String = "") throws {
        let executable = try ChildProcess.built()
        let env = "HOME=\(dir) XDG_DATA_HOME=\(dir)/data XDG_STATE_HOME=\(dir)/state ERRAND_TODAY=2026-11-29 "
            + "ERRAND_GEOCODER=off LANG=C.UTF-8 TERM=xterm \(environment)"
        try tmux.start("env -u NO_COLOR \(env) \(executable) \(options); echo EXIT=$?", columns: columns, rows: rows)
        try tmux.awaitReady()
    }

    func writeHistory(_ lines: [String]) throws {
        try FileManager.default.createDirectory(atPath: dir + "/state/errand", withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/state/errand/history", atomically: true, encoding: .utf8)
    }

    /// Item 1: the newest history line that starts with what is typed is drawn dimmed after
    /// the cursor; → and Ctrl-F take it, Alt-F a word of it, typing on drops it, and
    /// `set suggest off` stops it. How much of it is drawn, where Alt-F stops and the mark are
    /// values tested in PromptLogicTests; this shows libedit draws and takes them.
    @Test func aSuggestionFromHistoryIsDimmedAfterTheCursorAndTaken() throws {
        try writeHistory(["create Buy milk", "list", "create Call mum --date tomorrow", "view"])
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 100)
        try tmux.enter(text: "cr")
        try tmux.waitColoured("view> cr\u{1B}[2meate Call mum --date tomorrow")
        // → takes all of it; the line is then plain text, the cursor at its end.
        try tmux.press("Right")
        // The plain text is the same before and after the key: wait for the colours to go.
        try tmux.waitColoured("view> create Call mum --date tomorrow")
        #expect(try !tmux.colours().contains("\u{1B}[2m"))
        // Alt-F one word, Ctrl-F the rest.
        try tmux.press("C-u")
        try tmux.enter(text: "cr")
        try tmux.press("M-f")
        try tmux.waitColoured("view> create\u{1B}[2m Call mum --date tomorrow")
        try tmux.press("M-f")
        try tmux.waitColoured("view> create Call\u{1B}[2m mum --date tomorrow")
        try tmux.press("C-f")
        try tmux.waitColoured("view> create Call mum --date tomorrow")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "created \"Call mum\" for Mon Nov 30 2026")
        try tmux.type("view")
        try tmux.wait(for: "View: 7 days")
        // The prompt first: keys sent while the command runs are echoed by the tty, not libedit.
        try tmux.waitLine("view>")
        // Typing something no line starts with drops it; deleting back brings the newest back.
        try tmux.enter(text: "crx")
        try tmux.waitLine("view> crx")
        #expect(try !tmux.colours().contains("\u{1B}[2m"))
        try tmux.press("BSpace")
        try tmux.waitColoured("view> cr\u{1B}[2meate Call mum --date tomorrow")
        // Right in the middle of the line moves, as it always did.
        try tmux.press("Left", "Left", "Right")
        try tmux.enter(text: "X")
        try tmux.waitLine("view> cXr")
        // The prompt's mark turns red while Enter would refuse the line (PromptMark draws it,
        // PromptLogicTests show where), plain again once it would not.
        try tmux.press("C-u")
        try tmux.enter(text: "opn")
        let red = "\u{1B}[31m>"
        try tmux.waitColoured("view\u{1B}[1m\(red)")
        try tmux.press("BSpace", "BSpace", "BSpace")
        try tmux.wait(describing: "the mark plain again", read: tmux.colours) { !$0.contains(red) }
        try tmux.type("set suggest off")
        try tmux.wait(for: "suggest is off")
        try tmux.waitLine("view>")
        try tmux.enter(text: "cr")
        try tmux.waitLine("view> cr")
        #expect(try !tmux.colours().contains("\u{1B}[2m"))
        try tmux.press("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
        // Without colour (--no-color, as NO_COLOR gives) there is none either.
        try tmux.renew()
        try launch(tmux, columns: 100, options: "--no-color")
        try tmux.enter(text: "cr")
        try tmux.waitLine("view> cr")
        #expect(try !tmux.colours().contains("\u{1B}[2m"))
        try tmux.press("C-u", "C-d")
        try tmux.wait(for: "EXIT=0")
    }

    /// Item 2: Up and Down walk the lines that start with what is typed (all of them on an
    /// empty line), back to what was typed. Ctrl-R's list is PromptKeysTerminalTests'.
    @Test func upAndDownWalkTheHistoryByPrefix() throws {
        try writeHistory(["create Buy milk", "list", "create Call mum", "view"])
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try launch(tmux, columns: 100, options: "--no-color")
        try tmux.enter(text: "cr")
        try tmux.waitLine("view> cr")
        try tmux.press("Up")
        try tmux.waitLine("view> create Call mum")
        try tmux.press("Up")
        try tmux.waitLine("view> create Buy milk")
        try tmux.press("Down")
        try tmux.waitLine("view> create Call mum")
        try tmux.press("Down")
        try tmux.waitLine("view> cr")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "unknown command")
        // Nothing typed: every line, newest first.
        try tmux.press("Up")
        try tmux.waitLine("view> cr")
        try tmux.press("Up")
        try tmux.waitLine("view> view")
        try tmux.press("Up")
        try tmux.waitLine("view> create Call mum")
        try tmux.press("Up")
        try tmux.waitLine("view> list")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "All items")
        try tmux.press("C-d")
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
        try tmux.type("create Milk")
        try tmux.type("list")
        try tmux.wait(for: "Milk")
        // The editor is another program: errand says nothing until it is back.
        try tmux.begin("notes 1")
        try tmux.wait(for: "editor>")
        try tmux.send("Buy oat milk", literally: true)
        try tmux.send("Enter")
        try tmux.awaitReady(until: \.startsALine)
        try tmux.wait(for: "notes of \"Milk\" saved")
        try tmux.type("open 1")
        let saved = try read(tmux, "open 1", rows: 2)
        #expect(saved.contains { $0.contains("Notes") && $0.contains("Buy oat milk") }, "\(saved)")
        // Failing: one line, the notes as they were, the prompt back.
        try tmux.type("back")
        try tmux.begin("notes 1")
        try tmux.wait(describing: "the editor's second prompt", read: { try tmux.scrollback() }) {
            $0.components(separatedBy: "editor>").count > 2
        }
        try tmux.send("fail", literally: true)
        try tmux.send("Enter")
        try tmux.awaitReady(until: \.startsALine)
        try tmux.wait(for: "exited with status 4")
        try tmux.type("open 1")
        let lines = try read(tmux, "open 1", rows: 2)
        #expect(lines.contains { $0.contains("Notes") && $0.contains("Buy oat milk") }, "\(lines)")
        #expect(try tmux.scrollback().split(separator: "\n").filter { $0.contains("exited with status 4") }.allSatisfy { $0.contains("nothing was changed") })
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
    }
}
