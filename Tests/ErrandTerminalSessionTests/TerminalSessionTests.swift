import ErrandTestSupport
import Foundation
import Testing

/// The real program in a real terminal (tmux), typed at as a person would.
@Suite(.serialized, .tags(.terminal, .server, .process), .fullLane) struct TerminalSessionTests {
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
        // Another process holds the store until it is released; errand starts only once it
        // holds it (a loaded machine may start errand first).
        let holder = try StoreHolder(store: store, sqlite: backend == "sqlite")
        try #require(holder.held(), "the other process never took the store")
        let tmux = Tmux(dir: dir)
        try tmux.start(executable + " --store " + store)
        try tmux.awaitReady()
        // errand reads nothing while it waits for the store: what it shows then is the event.
        try tmux.begin("create Second")
        try tmux.wait(for: "waiting for another Errand to finish with the store")
        holder.release()
        try tmux.awaitReady(until: \.startsALine)
        try tmux.wait(for: "created \"Second\"")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
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
        try tmux.begin("sync ads \(server.base)")
        _ = Waiting.until { server.requests.isEmpty ? nil : true }
        try tmux.send("C-c")
        try tmux.awaitReady(until: \.startsALine)
        let ads = try tmux.wait(for: "cancelled; the cache is unchanged")
        #expect(!ads.contains("signal"), "\(ads)")
        try tmux.type("remote \(server.base)cal/")
        let before = server.requests.count
        try tmux.begin("sync todos")
        _ = Waiting.until { server.requests.count > before ? true : nil }
        try tmux.send("C-c")
        try tmux.awaitReady(until: \.startsALine)
        let todos = try tmux.wait(for: "sync cancelled;")
        #expect(!todos.contains("signal") && todos.components(separatedBy: "cancelled").count == 3, "\(todos)")
        try tmux.press("C-d")
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
        try tmux.type("create Buy milk")
        try tmux.wait(for: "created \"Buy milk\"")
        try tmux.type("create Café crème")
        try tmux.wait(for: "created \"Café crème\"")

        // A partial command completes with Tab; errand says what the line holds then.
        try tmux.enter(text: "li")
        let completed = try tmux.press("Tab")
        #expect(completed?.line == "list", "\(String(describing: completed))")
        try tmux.wait(for: "create> list")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "view › all>")

        // Tab after "open " lists the rows with their titles.
        try tmux.enter(text: "open ")
        try tmux.press("Tab")
        let listed = try tmux.wait(for: "2  Café crème")
        #expect(listed.contains("1  Buy milk"))

        // Ctrl-C at the prompt cancels the line, the shell goes on.
        #expect(try tmux.press("C-c")?.reading == "prompt")
        try tmux.wait(for: "open ^C")
        try tmux.type("help back")
        try tmux.wait(for: "usage: back")

        // Ctrl-C in the form saves nothing.
        #expect(try tmux.type("create")?.reading == "form")
        try tmux.wait(for: "Title:")
        try tmux.enter(text: "Half typed")
        try tmux.press("C-c", until: \.startsALine)
        try tmux.wait(for: "cancelled; nothing was saved")

        // Moving over é and inserting after it.
        try tmux.enter(text: "create é1")
        try tmux.press("Left", "Left", "Right")
        #expect(try tmux.enter(text: "X")?.line == "create éX1")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "created \"éX1\"")

        #expect(try tmux.press("C-d") == nil)
        try tmux.wait(for: "EXIT=0")
        try tmux.run(["kill-session", "-t", "t"])

        // A new run recalls the last line with Up.
        try tmux.restart(executable)
        #expect(try tmux.press("Up")?.line == "create éX1")
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
        try tmux.type("create Call mum")
        try tmux.wait(for: "created \"Call mum\"")

        try tmux.type("create")
        try tmux.wait(for: "Title:")
        // Up in the first form has no title to recall: the command line is not offered.
        try tmux.press("Up")
        try tmux.type("Dentist")
        let dated = try tmux.wait(for: "Date [today]:")
        #expect(dated.contains("Title: Dentist"), "\(dated)")
        #expect(!dated.contains("create Call mumDentist") && !dated.contains("Title: create"), "\(dated)")
        // Tab on an empty Date lists dates and none, not the 32 commands.
        try tmux.press("Tab")
        let offered = try tmux.wait(for: "tomorrow")
        #expect(offered.contains("none") && !offered.contains("swipe"), "\(offered)")
        try tmux.type("dec 33")
        try tmux.wait(for: "cannot read the date \"dec 33\"")
        try tmux.wait(for: "Date [today]: dec 33")
        try tmux.press("C-a", "C-k")
        try tmux.enter(text: "tom")
        try tmux.press("Tab")
        try tmux.wait(for: "Date [today]: tomorrow")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "Place (optional):")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "Notes (optional):")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "Repeat (optional):")
        try tmux.enter(text: "we")
        try tmux.press("Tab")
        try tmux.press("Enter", until: \.startsALine)
        // A repeat answered, its ending is asked: how many times, until when (neither here).
        try tmux.wait(for: "Times in all (optional):")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "Until (optional):")
        try tmux.press("Enter", until: \.startsALine)
        // The declared fields follow, Tab offering each one's words.
        try tmux.wait(for: "Priority (optional):")
        try tmux.enter(text: "hi")
        try tmux.press("Tab")
        try tmux.wait(for: "Priority (optional): high")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "Tags (optional):")
        try tmux.type("work, health")
        try tmux.wait(for: "Starts (optional):")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "created \"Dentist\" for Mon Nov 30 2026, every week")

        // The second form: Up in Title recalls the title typed before, not a command.
        try tmux.type("create")
        try tmux.wait(for: "Title:")
        try tmux.press("Up")
        let recalled = try tmux.wait(for: "Title: Dentist")
        #expect(recalled.components(separatedBy: "\n").filter { $0.hasPrefix("Title: ") }.last == "Title: Dentist")
        // Ctrl-D on an emptied line cancels, the message on a line of its own.
        try tmux.press("C-a", "C-k")
        try tmux.press("C-d", until: \.startsALine)
        let cancelled = try tmux.wait(for: "cancelled; nothing was saved")
        #expect(cancelled.components(separatedBy: "\n").contains("cancelled; nothing was saved"), "\(cancelled)")
        // The shell goes on.
        try tmux.type("list")
        try tmux.wait(for: "All items")
        try tmux.press("C-d")
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
        try tmux.awaitReady()
        let first = try tmux.wait(for: "create>")
        #expect(first.contains("errandrc:2: unknown command"), "\(first)")
        // Silent unless it fails: its create ran without a word, its commands untimed.
        #expect(!first.contains("created \"From the rc\"") && !first.contains("time: "), "\(first)")
        // set timing on took effect: each command's time follows it; the create is there.
        try tmux.type("day today")
        let day = try tmux.wait(for: "time: ")
        #expect(day.contains("From the rc"), "\(day)")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")

        // A server of its own: a new session on a server whose last one was just killed can
        // race its exit.
        let again = Tmux(dir: dir)
        try again.start(executable + " -X")
        try again.awaitReady()
        let skipped = try again.wait(for: "view>")
        #expect(!skipped.contains("errandrc") && !skipped.contains("created"), "\(skipped)")
    }
}
