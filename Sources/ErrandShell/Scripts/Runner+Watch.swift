import ErrandDomain

/// `watch`: the plan's command run again and again from the session watch started in. At a
/// terminal each run is drawn over the last from the top of the screen, a mark before each row
/// that the run before did not show; in a script each run is printed as the command prints it.
extension Runner {
    func watch(_ plan: WatchPlan, location: String?) -> Bool {
        let pacer = interpreter.environment.watchPacer
        let start = interpreter.session
        let width = options.width
        pacer.begin()
        defer {
            pacer.end()
            options.width = width
        }
        var runs = 0
        var failed = 0
        var earlier: [String]?
        var frame = WatchFrame(rows: [], marked: [])
        var wake = WatchWake.due
        while true {
            if wake == .due {
                let (outcome, refusedWrite) = interpreter.watchedRun(plan.line, from: start)
                runs += 1
                if refusedWrite {
                    // Stopped before its first write: nothing to repeat.
                    present(outcome, location: location)
                    return false
                }
                if !outcome.succeeded { failed += 1 }
                if pacer.drawsInPlace {
                    let rows = drawnRows(outcome, width: pacer.columns ?? width)
                    frame = WatchFrame(rows: rows, marked: earlier.map { WatchFrame.changed(rows, since: $0) } ?? [])
                    earlier = rows
                } else {
                    present(outcome, location: location)
                }
            }
            if pacer.drawsInPlace { draw(frame, plan, run: runs) }
            sink.flush()
            if let count = plan.count, runs >= count { break }
            wake = pacer.wait(plan.seconds)
            if wake == .stop { break }
        }
        if pacer.drawsInPlace {
            // Over the ^C the terminal echoed, if any.
            sink.out("\r\u{1B}[Kwatched \(plan.command) \(runs == 1 ? "once" : "\(runs) times")"
                     + (failed > 0 ? " (\(failed) failed)" : ""))
        }
        return failed == 0
    }

    /// A run as the command would show it, two columns narrower for the marks.
    private func drawnRows(_ outcome: CommandOutcome, width: Int?) -> [String] {
        let capture = MemorySink()
        options.width = width.map { max(20, $0 - WatchFrame.gutter) }
        present(outcome, location: nil, to: capture)
        options.width = width
        return capture.all
    }

    /// From the top of the screen, each line cleared to its end, and the rest of the screen
    /// below the last: the frame before is gone without the flash of a whole clear.
    private func draw(_ frame: WatchFrame, _ plan: WatchPlan, run: Int) {
        let environment = interpreter.environment
        let color = interpreter.session.color
        let of = plan.count.map { " of \($0)" } ?? ""
        let header = "every \(WatchPlan.text(plan.seconds))s: \(DisplayWidth.sanitize(plan.line)) · run \(run)\(of) · "
            + WatchFrame.clockText(environment.clock) + (plan.count == nil ? " · Ctrl-C stops" : "")
        var lines = [(color ? "\u{1B}[1m" + header + "\u{1B}[0m" : header)]
        for (index, row) in frame.rows.enumerated() {
            lines.append((frame.marked.contains(index) ? (color ? "\u{1B}[1;32m+\u{1B}[0m " : "+ ") : "  ") + row)
        }
        for (index, line) in lines.enumerated() {
            sink.out((index == 0 ? "\u{1B}[H" : "") + line + (index == lines.count - 1 ? "\u{1B}[J" : "\u{1B}[K"))
        }
    }
}
