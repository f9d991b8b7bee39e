import ErrandTestSupport
import Foundation
import Testing

/// Issue 26, `watch` and the prompt's mark in a real terminal (tmux on sockets of their own,
/// "watch-..."), typed at as a person would; waits are on the screen, never on the clock.
@Suite(.serialized, .tags(.terminal, .process), .fullLane) final class WatchTerminalTests {
    final class Tmux: TmuxDriver {
        init() { super.init(prefix: "watch") }

        /// The process the window runs (env execs errand in its place).
        func errandPID() throws -> Int32? {
            let shell = try run(["display-message", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let pipe = popen("pgrep -P \(Int32(shell) ?? -1)", "r")
            defer { if let pipe { pclose(pipe) } }
            var buffer = [CChar](repeating: 0, count: 64)
            guard let pipe, fgets(&buffer, 64, pipe) != nil else { return nil }
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return Int32(line.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    let dir = NSTemporaryDirectory() + "errand-tty-watch-" + UUID().uuidString
    var store: String { dir + "/store.sqlite" }

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func launch(_ tmux: Tmux) throws {
        let executable = try ChildProcess.built()
        let env = "HOME=\(dir) XDG_STATE_HOME=\(dir)/state ERRAND_TODAY=2026-11-29 ERRAND_GEOCODER=off LANG=C.UTF-8 TERM=xterm"
        try tmux.start("env -u NO_COLOR \(env) \(executable) --store \(store); echo EXIT=$?", columns: 80, rows: 24)
        try tmux.awaitReady()
    }

    /// Another terminal's change, as a second errand on the same store.
    func elsewhere(_ line: String) throws {
        let (status, _, errors) = try ChildProcess.run(["--store", store, "-c", line], environment: ["ERRAND_TODAY": "2026-11-29"])
        #expect(status == 0, "\(errors)")
    }

    /// Redrawn in place; a row added elsewhere comes marked `+` on the next run; Ctrl-C gives
    /// the prompt back, whose rows are the last run's.
    @Test func watchRedrawsMarksWhatChangedAndCtrlCGivesThePromptBack() throws {
        let tmux = Tmux()
        try elsewhere("create Buy milk")
        try launch(tmux)
        try tmux.type("list")
        try tmux.wait(for: "Buy milk")
        try tmux.type("watch 1 list")
        let first = try tmux.wait(for: "every 1s: list · run 2")
        // Drawn from the top: the header is the screen's first line, the prompt gone.
        #expect(first.split(separator: "\n").first?.hasPrefix("every 1s: list · run 2") == true, "\(first)")
        #expect(!first.contains("all> watch"), "\(first)")
        try elsewhere("create Call mum")
        try tmux.wait(for: "+   2  Sun Nov 29    Call mum")
        // One run later the row is no longer new.
        try tmux.wait(for: "\n    2  Sun Nov 29    Call mum")
        try tmux.press("C-c", until: { $0.reading == "prompt" })
        let stopped = try tmux.wait(for: "view › all>")
        #expect(stopped.contains("watched list"), "\(stopped)")
        try tmux.type("open 2")
        try tmux.wait(for: "State     to do")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
    }

    /// SIGTERM while watching leaves as it does at the prompt (history saved, status 0).
    @Test func sigtermWhileWatchingLeavesCleanly() throws {
        let tmux = Tmux()
        try launch(tmux)
        try tmux.type("watch 0.5 view")
        try tmux.wait(for: "every 0.5s: view · run 2")
        let pid = try #require(try tmux.errandPID())
        kill(pid, SIGTERM)
        #expect(try tmux.awaitReady(until: { $0.reading != "watch" }) == nil)
        let screen = try tmux.wait(for: "EXIT=0")
        #expect(screen.contains("watched view"), "\(screen)")
    }

    /// Ctrl-Z, then fg in the shell: the watch goes on, drawn again at once.
    @Test func ctrlZAndFgRedrawTheWatch() throws {
        let tmux = Tmux()
        let executable = try ChildProcess.built()
        // bash reads its lines itself: what it shows is all a test can wait on.
        try tmux.start("env -u NO_COLOR HOME=\(dir) PS1='sh$ ' LANG=C.UTF-8 TERM=xterm bash --norc --noprofile -i", columns: 80, rows: 24)
        try tmux.wait(for: "sh$")
        try tmux.send("ERRAND_TODAY=2026-11-29 XDG_STATE_HOME=\(dir)/state \(executable) --store \(store)", literally: true)
        try tmux.send("Enter")
        try tmux.awaitReady()
        try tmux.type("watch 60 view")
        try tmux.wait(for: "every 60s: view · run 1")
        try tmux.send("C-z")
        try tmux.wait(for: "Stopped")
        try tmux.send("clear; fg", literally: true)
        try tmux.send("Enter")
        try tmux.awaitReady(until: { $0.reading == "watch" })
        // Redrawn at once (not 60 s later), still the first run, on the cleared screen: the
        // stopped watch's own "run 1" is on the screen until `clear` runs, so that alone
        // proved nothing (and under load was read before the clear).
        try tmux.wait(describing: "the watch redrawn after clear; fg, still run 1") { screen in
            screen.contains("every 60s: view · run 1") && !screen.contains("Stopped") && !screen.contains("clear; fg")
        }
        try tmux.press("C-c", until: { $0.reading == "prompt" })
        try tmux.wait(for: "watched view once")
        try tmux.begin("quit")
        try tmux.wait(for: "sh$")
    }
}
