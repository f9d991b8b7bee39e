import ErrandTestSupport
import Foundation
import Testing

/// The real program in a real terminal (tmux), typed at as a person would.
@Suite(.serialized) struct TerminalSessionTests {
    final class Tmux: TmuxDriver {
        let dir: String

        init(dir: String) {
            self.dir = dir
            super.init(prefix: "errand-test")
        }

        func start(_ executable: String) throws {
            let env = "HOME=\(dir) XDG_DATA_HOME=\(dir)/data XDG_STATE_HOME=\(dir)/state ERRAND_TODAY=2026-11-29 ERRAND_GEOCODER=off LANG=C.UTF-8 TERM=xterm"
            try start("env \(env) \(executable); echo EXIT=$?", columns: 100, rows: 30)
        }

        /// A second run, on a new server: starting one on the same socket right after the last
        /// session ended raced that server's exit (the new session was lost under load).
        func restart(_ executable: String) throws {
            try renew()
            try start(executable)
        }

        /// Polls the screen until `text` appears (no fixed sleeps: machines are noisy). tmux
        /// trims trailing spaces, so texts end without one.
        @discardableResult
        func wait(for text: String, timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            var last = ""
            let found = try poll(timeout: timeout) { () throws -> String? in
                last = try screen()
                return last.contains(text) ? last : nil
            }
            if let found { return found }
            Issue.record("screen never showed \(text.debugDescription):\n\(last)", sourceLocation: sourceLocation)
            return last
        }
    }

    /// Issue 28, 11: a change that must wait for another process holding the store (a `-1`
    /// script) says so at a terminal, then goes through when the other lets go.
    @Test(arguments: ["sqlite", "plist"])
    func aChangeThatWaitsForAnotherErrandSaysSo(_ backend: String) throws {
        let executable = try ChildProcess.built()
        let dir = NSTemporaryDirectory() + "errand-tty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/store." + backend
        #expect(try ChildProcess.run(["--store", store, "-c", "create First"]).0 == 0)
        // Another process holds the store until the file `go` appears; it makes `held` once it
        // holds it, and errand starts only then (a loaded machine may start errand first).
        let hold = backend == "sqlite"
            ? "(echo 'BEGIN IMMEDIATE;'; echo '.system touch \(dir)/held'; while [ ! -e \(dir)/go ]; do sleep 0.1; done; "
              + "echo 'COMMIT;') | sqlite3 \(store)"
            : "flock \(store).lock sh -c 'touch \(dir)/held; while [ ! -e \(dir)/go ]; do sleep 0.1; done'"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", hold]
        try holder.run()
        defer { holder.terminate() }
        let tmux = Tmux(dir: dir)
        let held = tmux.poll(timeout: 120) { FileManager.default.fileExists(atPath: dir + "/held") ? true : nil }
        try #require(held == true, "the other process never took the store")
        try tmux.start(executable + " --store " + store)
        try tmux.wait(for: "view>")
        try tmux.keys("create Second", "Enter")
        try tmux.wait(for: "waiting for another Errand to finish with the store")
        try Data().write(to: URL(fileURLWithPath: dir + "/go"))
        try tmux.wait(for: "created \"Second\"", timeout: 120)
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
        holder.waitUntilExit()
    }

    /// Issue 27, 16 and 28, 11: Ctrl-C during a sync reaches the helper too; the line says the
    /// user cancelled, once, not how the helper died.
    @Test func ctrlCDuringASyncSaysCancelledOnce() throws {
        let executable = try ChildProcess.built()
        let dir = NSTemporaryDirectory() + "errand-tty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let server = try LoopbackServer(routes: ["/listing.json": .mute, "/categories.json": .mute, "/cal/": .mute])
        defer { server.stop() }
        let tmux = Tmux(dir: dir)
        try tmux.start(executable)
        try tmux.wait(for: "view>")
        try tmux.keys("sync ads \(server.base)", "Enter")
        _ = tmux.poll(timeout: 120) { server.requests.isEmpty ? nil : true }
        try tmux.keys("C-c")
        let ads = try tmux.wait(for: "cancelled; the cache is unchanged")
        #expect(!ads.contains("signal"), "\(ads)")
        try tmux.keys("remote \(server.base)cal/", "Enter")
        let before = server.requests.count
        try tmux.keys("sync todos", "Enter")
        _ = tmux.poll(timeout: 120) { server.requests.count > before ? true : nil }
        try tmux.keys("C-c")
        let todos = try tmux.wait(for: "sync cancelled;")
        #expect(!todos.contains("signal") && todos.components(separatedBy: "cancelled").count == 3, "\(todos)")
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
    }

    @Test func typingCompletingCancellingAndLeaving() throws {
        let executable = try ChildProcess.built()
        let dir = NSTemporaryDirectory() + "errand-tty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmux = Tmux(dir: dir)
        try tmux.start(executable)
        try tmux.wait(for: "view>")
        try tmux.keys("create Buy milk", "Enter")
        try tmux.wait(for: "created \"Buy milk\"")
        try tmux.keys("create Café crème", "Enter")
        try tmux.wait(for: "created \"Café crème\"")

        // A partial command completes with Tab.
        try tmux.keys("li", "Tab")
        try tmux.wait(for: "create> list")
        try tmux.keys("Enter")
        try tmux.wait(for: "view › all>")

        // Tab after "open " lists the rows with their titles.
        try tmux.keys("open ", "Tab")
        let listed = try tmux.wait(for: "2  Café crème")
        #expect(listed.contains("1  Buy milk"))

        // Ctrl-C at the prompt cancels the line, the shell goes on.
        try tmux.keys("C-c")
        try tmux.wait(for: "open ^C")
        try tmux.keys("help back", "Enter")
        try tmux.wait(for: "usage: back")

        // Ctrl-C in the form saves nothing.
        try tmux.keys("create", "Enter")
        try tmux.wait(for: "Title:")
        try tmux.keys("Half typed", "C-c")
        try tmux.wait(for: "cancelled; nothing was saved")

        // Moving over é and inserting after it.
        try tmux.keys("create é1", "Left", "Left", "Right", "X", "Enter")
        try tmux.wait(for: "created \"éX1\"")

        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
        try tmux.run(["kill-session", "-t", "t"])

        // A new run recalls the last line with Up.
        try tmux.restart(executable)
        try tmux.wait(for: "view>")
        try tmux.keys("Up")
        try tmux.wait(for: "view> create éX1")
        let history = try String(contentsOfFile: dir + "/state/errand/history", encoding: .utf8)
        #expect(history.hasSuffix("help back\ncreate\ncreate éX1\n"))
    }

    /// The create form at a real terminal (issue 27, item 9): Tab offers the field's values,
    /// a bad date is asked again with the reason, Up in Title recalls titles (never commands),
    /// the repeat is asked, and Ctrl-D cancels on a line of its own.
    @Test func theCreateFormCompletesChecksAndRecallsFieldByField() throws {
        let executable = try ChildProcess.built()
        let dir = NSTemporaryDirectory() + "errand-tty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmux = Tmux(dir: dir)
        try tmux.start(executable)
        try tmux.wait(for: "view>")
        try tmux.keys("create Call mum", "Enter")
        try tmux.wait(for: "created \"Call mum\"")

        try tmux.keys("create", "Enter")
        try tmux.wait(for: "Title:")
        // Up in the first form has no title to recall: the command line is not offered.
        try tmux.keys("Up")
        try tmux.keys("Dentist", "Enter")
        let dated = try tmux.wait(for: "Date [today]:")
        #expect(dated.contains("Title: Dentist"), "\(dated)")
        #expect(!dated.contains("create Call mumDentist") && !dated.contains("Title: create"), "\(dated)")
        // Tab on an empty Date lists dates and none, not the 32 commands.
        try tmux.keys("Tab")
        let offered = try tmux.wait(for: "tomorrow")
        #expect(offered.contains("none") && !offered.contains("swipe"), "\(offered)")
        try tmux.keys("dec 33", "Enter")
        try tmux.wait(for: "cannot read the date \"dec 33\"")
        try tmux.wait(for: "Date [today]: dec 33")
        try tmux.keys("C-a", "C-k", "tom", "Tab")
        try tmux.wait(for: "Date [today]: tomorrow")
        try tmux.keys("Enter")
        try tmux.wait(for: "Place (optional):")
        try tmux.keys("Enter")
        try tmux.wait(for: "Notes (optional):")
        try tmux.keys("Enter")
        try tmux.wait(for: "Repeat (optional):")
        try tmux.keys("we", "Tab", "Enter")
        // The declared fields follow, Tab offering each one's words.
        try tmux.wait(for: "Priority (optional):")
        try tmux.keys("hi", "Tab")
        try tmux.wait(for: "Priority (optional): high")
        try tmux.keys("Enter")
        try tmux.wait(for: "Tags (optional):")
        try tmux.keys("work, health", "Enter")
        try tmux.wait(for: "Starts (optional):")
        try tmux.keys("Enter")
        try tmux.wait(for: "created \"Dentist\" for Mon Nov 30 2026, every week")

        // The second form: Up in Title recalls the title typed before, not a command.
        try tmux.keys("create", "Enter")
        try tmux.wait(for: "Title:")
        try tmux.keys("Up")
        let recalled = try tmux.wait(for: "Title: Dentist")
        #expect(recalled.components(separatedBy: "\n").filter { $0.hasPrefix("Title: ") }.last == "Title: Dentist")
        // Ctrl-D on an emptied line cancels, the message on a line of its own.
        try tmux.keys("C-a", "C-k", "C-d")
        let cancelled = try tmux.wait(for: "cancelled; nothing was saved")
        #expect(cancelled.components(separatedBy: "\n").contains("cancelled; nothing was saved"), "\(cancelled)")
        // The shell goes on.
        try tmux.keys("list", "Enter")
        try tmux.wait(for: "All items")
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")
        // Form answers stay out of the command history.
        let history = try String(contentsOfFile: dir + "/state/errand/history", encoding: .utf8)
        #expect(history == "create Call mum\ncreate\nlist\n", "\(history)")
    }

    /// ~/.config/errand/errandrc runs after the banner, its errors by line, and the prompt
    /// comes all the same; -X skips it.
    @Test func startupFileRunsAtTheKeyboard() throws {
        let executable = try ChildProcess.built()
        let dir = NSTemporaryDirectory() + "errand-tty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/.config/errand", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "set timing on\nsett color off\ncreate From the rc\n".write(toFile: dir + "/.config/errand/errandrc",
                                                                       atomically: false, encoding: .utf8)
        let tmux = Tmux(dir: dir)
        try tmux.start(executable)
        let first = try tmux.wait(for: "create>")
        #expect(first.contains("errandrc:2: unknown command"), "\(first)")
        // Silent unless it fails: its create ran without a word, its commands untimed.
        #expect(!first.contains("created \"From the rc\"") && !first.contains("time: "), "\(first)")
        // set timing on took effect: each command's time follows it; the create is there.
        try tmux.keys("day today", "Enter")
        let day = try tmux.wait(for: "time: ")
        #expect(day.contains("From the rc"), "\(day)")
        try tmux.keys("C-d")
        try tmux.wait(for: "EXIT=0")

        // A server of its own: a new session on a server whose last one was just killed can
        // race its exit.
        let again = Tmux(dir: dir)
        try again.start(executable + " -X")
        let skipped = try again.wait(for: "view>")
        #expect(!skipped.contains("errandrc") && !skipped.contains("created"), "\(skipped)")
    }
}
