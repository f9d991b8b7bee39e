import ErrandDomain
import ErrandShell
import Foundation
import Testing

/// `watch` (issue 26): runs paced by a pacer of the test's, which decides each wake at once
/// (no sleeps) and may change the store between runs, as another terminal would.
@Suite struct WatchSessionTests {
    final class ScriptedPacer: WatchPacer {
        let drawsInPlace: Bool
        var wakes: [WatchWake]
        var waited: [Double] = []
        var began = 0
        var ended = 0
        /// Run at each wait, before it answers.
        var between: (Int) -> Void = { _ in }

        init(drawsInPlace: Bool, wakes: [WatchWake] = []) {
            self.drawsInPlace = drawsInPlace
            self.wakes = wakes
        }

        var columns: Int? { nil }
        func begin() { began += 1 }
        func end() { ended += 1 }

        func wait(_ seconds: Double) -> WatchWake {
            waited.append(seconds)
            between(waited.count)
            return wakes.isEmpty ? .stop : wakes.removeFirst()
        }
    }

    func tester(_ pacer: ScriptedPacer) throws -> ShellTester {
        let t = try ShellTester()
        t.interpreter.environment.watchPacer = pacer
        t.given("create Buy milk")
        t.given("list")
        return t
    }

    static let list = ["All items", "To do", "  1  Sun Nov 29    Buy milk"]

    @Test func aScriptPrintsEachRunCountTimesWaitingBetween() throws {
        let pacer = ScriptedPacer(drawsInPlace: false, wakes: [.due, .due, .due])
        let t = try tester(pacer)
        t.send("watch --count 3 0.5 list", Self.list + Self.list + Self.list)
        #expect(pacer.waited == [0.5, 0.5])
        #expect((pacer.began, pacer.ended) == (1, 1))
    }

    @Test func theDefaultIsTwoSecondsAndAScriptMustSayHowManyRuns() throws {
        let pacer = ScriptedPacer(drawsInPlace: false, wakes: [.due])
        let t = try tester(pacer)
        t.send("watch --count 2 list", Self.list + Self.list)
        #expect(pacer.waited == [2])
        t.send("watch list", ["error: watch: in a script, say how many runs: watch --count N 2 list"], succeeds: false)
        #expect(pacer.began == 1)
    }

    @Test func badSecondsAndChangingCommandsAreRefusedInOneLineChangingNothing() throws {
        let pacer = ScriptedPacer(drawsInPlace: true)
        let t = try tester(pacer)
        let before = try t.store.allItems()
        t.send("watch 0 view", ["error: watch: SECONDS must be from 0.1 to 86400 seconds, not \"0\" (nothing to wait for between runs)"],
               succeeds: false)
        t.send("watch 0.01 view", ["error: watch: SECONDS must be from 0.1 to 86400 seconds, not \"0.01\""], succeeds: false)
        t.send("watch 1 swipe 1", ["error: watch: swipe changes the store, so it is not repeated; watch repeats commands "
                                   + "that only read (help watch lists them)"], succeeds: false)
        t.send("watch 1 export x.json", ["error: watch: export writes a file, so it is not repeated; watch repeats commands "
                                         + "that only read (help watch lists them)"], succeeds: false)
        t.send("watch watch list", ["error: watch: watch takes the shell elsewhere, so it is not repeated; watch repeats "
                                    + "commands that only read (help watch lists them)"], succeeds: false)
        // By name, before its rows are read (on the ads tab a to-do row would be refused for the tab).
        t.send("watch 1 snooze 9", ["error: watch: snooze changes the store, so it is not repeated; watch repeats commands "
                                    + "that only read (help watch lists them)"], succeeds: false)
        t.send("watch 1 frobnicate", ["error: unknown command \"frobnicate\" (help lists all)"], succeeds: false)
        t.send("watch 1 open 7", ["error: open: no row \"7\": choose a number from 1 to 1"], succeeds: false)
        #expect(try t.store.allItems() == before)
        #expect(pacer.began == 0)
    }

    /// A command declared as reading that writes all the same (ads fetching a catalogue when
    /// none is cached) is stopped at its first write, and the watch with it.
    @Test func aWriteWhileWatchedIsRefusedBeforeItHappens() throws {
        let pacer = ScriptedPacer(drawsInPlace: true, wakes: [.due])
        let t = try tester(pacer)
        t.send("watch 1 ads", ["error: watch: ads would change the store, so it is not repeated; nothing was changed"],
               succeeds: false)
        #expect(try t.store.catalogueSummary() == nil)
        #expect(pacer.waited.isEmpty)
        #expect((pacer.began, pacer.ended) == (1, 1))
    }

    /// The command's own options are its own: option parsing stops at watch's first word.
    @Test func theWatchedCommandKeepsItsOptionsAndQuotes() throws {
        let pacer = ScriptedPacer(drawsInPlace: false)
        let t = try tester(pacer)
        t.send("watch --count 1 2 find milk --json", ["find: unknown option --json (it takes none)"].map { "error: " + $0 },
               succeeds: false)
        t.sink.reset()
        #expect(t.runner.runOne("watch --count 1 find \"milk\""))
        #expect(t.sink.all == ["Found \"milk\"", "To do", "  1  Sun Nov 29    Buy milk"])
        t.send("watch --count 1 day \"--draft\"", ["error: cannot read the date \"--draft\": try YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +3d, +2w or dec 1"], succeeds: false)
    }

    /// At a terminal: drawn from the top of the screen, a header, each row behind a gutter, a
    /// `+` before the rows new since the run before (a row that only moved is not new); a
    /// redraw (a resumed job) draws the same again; Ctrl-C ends it with a line.
    @Test func atATerminalEachRunIsDrawnInPlaceWithNewRowsMarked() throws {
        let pacer = ScriptedPacer(drawsInPlace: true, wakes: [.due, .redraw, .stop])
        let t = try tester(pacer)
        let other = Interpreter(environment: t.interpreter.environment)
        pacer.between = { wait in if wait == 1 { _ = other.execute("create Call mum --date today") } }
        t.sink.reset()
        t.runner.runOne("watch 1 list")
        let home = "\u{1B}[H", line = "\u{1B}[K", rest = "\u{1B}[J"
        let header = { (run: Int) in home + "every 1s: list · run \(run) · 12:00:00 · Ctrl-C stops" + line }
        let second = [header(2), "  All items" + line, "  To do" + line, "  " + "  1  Sun Nov 29    Buy milk" + line,
                      "+ " + "  2  Sun Nov 29    Call mum" + rest]
        #expect(t.sink.all == [header(1), "  All items" + line, "  To do" + line, "    1  Sun Nov 29    Buy milk" + rest]
                + second + second + ["\r\u{1B}[Kwatched list 2 times"])
        #expect(pacer.waited == [1, 1, 1])
        #expect((pacer.began, pacer.ended) == (1, 1))
        // The session is the last run's: its rows are what `open 2` means now.
        #expect(t.interpreter.session.listing.count == 2)
    }
}
