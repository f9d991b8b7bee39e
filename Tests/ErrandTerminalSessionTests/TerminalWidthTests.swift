import ErrandShell
import ErrandTestSupport
import Foundation
import Testing

/// Issue 27 items 5-7 in a real terminal (tmux, on a socket of its own): the width is asked
/// before each command, narrow screens keep what matters, and text is measured as the
/// terminal draws it.
@Suite(.serialized, .tags(.terminal, .process), .fullLane) final class TerminalWidthTests {
    let dir = NSTemporaryDirectory() + "errand-tty-width-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// The screen and its scrollback, lines the terminal wrapped joined back (tmux -J): a row
    /// too wide for the screen shows as one line wider than it.
    func history(_ tmux: TmuxDriver) throws -> [String] {
        try tmux.scrollback().split(separator: "\n").map(String.init)
    }

    /// The lines after the last prompt that ran `command`, up to the next prompt.
    func output(of command: String, in lines: [String]) -> [String] {
        guard let start = lines.lastIndex(where: { $0.hasSuffix("> " + command) }) else { return [] }
        return Array(lines[lines.index(after: start)...].prefix { !$0.contains("> ") })
    }

    func resize(_ tmux: TmuxDriver, columns: Int) throws {
        try tmux.run(["resize-window", "-t", "t", "-x", String(columns), "-y", "30"])
        // tmux can say the pane is resized before it has told the terminal (TIOCSWINSZ), and
        // errand asks the terminal: wait until the terminal itself says so.
        let tty = try tmux.run(["display", "-p", "-t", "t", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let done = Waiting.until { () -> Bool? in
            let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var size = winsize()
            return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && Int(size.ws_col) == columns ? true : nil
        }
        #expect(done == true, "the terminal never became \(columns) wide")
    }

    /// One errand, its window resized under it from 100 columns to 60, 70 and 40: each next
    /// command is laid out at the new width (ScreenWidthTests show the layouts as values).
    @Test func aResizedWindowIsLaidOutAtItsNewWidth() throws {
        let executable = try ChildProcess.built()
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try tmux.start(executable)
        try tmux.awaitReady()
        try tmux.type("sync \(TerminalFixtures.sample)")
        try tmux.wait(for: "synced 36 ads")
        try tmux.type("set pagesize off")
        try tmux.type("ads")
        try tmux.wait(for: "Console de jeux avec deux manettes")
        let wide = output(of: "ads", in: try history(tmux))
        #expect(wide.count == 37 && wide.allSatisfy { DisplayWidth.of($0) <= 100 }, "\(wide)")

        // Narrower, with no restart: the next command is laid out at 60, nothing wraps.
        try resize(tmux, columns: 60)
        try tmux.type("filter")
        let narrow = try Waiting.until { () throws -> [String]? in
            let rows = output(of: "filter", in: try history(tmux))
            return rows.last?.contains("Tente quatre places") == true ? rows : nil
        } ?? []
        #expect(narrow.count == 37, "\(narrow)")
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(narrow)")
        #expect(narrow.contains { $0.contains("Deux places pour le") }, "\(narrow)")

        // At 70, the week: its bars fit beside the counts.
        try resize(tmux, columns: 70)
        // The bars are drawn in colour (whatever NO_COLOR the suite runs under).
        try tmux.type("set color on")
        for day in ["tomorrow", "dec 1", "dec 1", "dec 2"] {
            try tmux.type("create Errand \(UUID().uuidString.prefix(4)) --date \(day)")
        }
        try tmux.type("view")
        // Read until the whole week is on the screen: a capture taken as its fourth row lands
        // can still miss the rows after it.
        let week = try Waiting.until { () throws -> [String]? in
            let rows = output(of: "view", in: try history(tmux))
            return rows.count >= 8 && rows.contains { $0.contains("Wed Dec 2") } ? rows : nil
        } ?? []
        #expect(week.count == 8 && week.allSatisfy { DisplayWidth.of($0) <= 70 }, "\(week)")
        #expect(week.contains { $0.hasPrefix("  3  Tue Dec 1   2 items") && $0.hasSuffix(" ██") }, "\(week)")

        // At 40: titles are cut, the detail wraps, and the prompt loses the tab, not the day.
        try resize(tmux, columns: 40)
        try tmux.type("filter multimedia")
        try tmux.wait(for: "Multimédia: 4 ads")
        try tmux.wait(for: "4  230,00\u{A0}€  Console de jeux avec deu…")
        let ads = output(of: "filter multimedia", in: try history(tmux))
        #expect(ads.dropFirst().first == "  1  140,00\u{A0}€  Casque audio sans fil à …", "\(ads)")

        try tmux.type("create " + TerminalFixtures.longTitle + " --date dec 4")
        try tmux.type("view")
        try tmux.type("open 6")
        // The day's prompt needs 18 of 40 columns: it loses the tab, not the day.
        try tmux.wait(for: "… › Fri Dec 4>")
        try tmux.type("open 1")
        try tmux.wait(for: "… › Write the…>")
        let detail = output(of: "open 1", in: try history(tmux))
        #expect(detail.prefix(3) == ["Write the extremely long appendices for", "the board meeting on Thursday",
                                     "  Due       Fri Dec 4 2026"], "\(detail)")
        #expect(detail.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(detail)")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
    }

    /// Each sample, then a marker, then the cursor sent to the column DisplayWidth says
    /// follows the sample and a second marker written there: where they agree the second
    /// overwrites the first, so the line reads SAMPLE#.
    @Test func emojiAreMeasuredAsTheTerminalDrawsThem() throws {
        let samples = ["👨‍👩‍👧", "❤️", "I ❤️ NY", "👨‍👩‍👧 family", "🇫🇷", "東京", "e\u{301}té", "⌚", "✓ done", "▣ Multimédia"]
        var script = "printf '\\033[H\\033[2J'\n"
        for sample in samples {
            script += "printf '%s|\\033[\(DisplayWidth.of(sample) + 1)G#\\n' '\(sample)'\n"
        }
        script += "printf 'END\\n'\n"
        let path = dir + "/emoji.sh"
        try script.write(toFile: path, atomically: false, encoding: .utf8)
        let tmux = TmuxDriver(prefix: "errand-width")
        try tmux.start("LANG=C.UTF-8 sh " + path, columns: 60, rows: 20)
        // The readiness FIFO closes when the script ends; tmux may draw its last line after.
        #expect(try tmux.awaitReady() == nil)
        let screen = try tmux.wait(for: "END")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(samples.count)) == samples.map { $0 + "#" })
    }
}
