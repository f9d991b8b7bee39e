/// How `watch` waits between runs, and whether it draws in place: the terminal's pacer (in
/// the executable, over ErrandTerminal) wakes early for Ctrl-C, SIGTERM and a resumed job or a
/// resized window; a script's sleeps; a test's decides each wake without waiting.
public protocol WatchPacer: AnyObject {
    /// A terminal: each run replaces the last on the screen, its new rows marked.
    var drawsInPlace: Bool { get }
    /// Before the first run and after the last (on every way out): the terminal's pacer catches
    /// the signals it wakes for, then puts back what was there.
    func begin()
    func end()
    /// Waits `seconds` at most.
    func wait(_ seconds: Double) -> WatchWake
    /// The terminal's columns now, asked before each drawing (a window resized while watched
    /// is drawn at its new width); nil: the width the runner had.
    var columns: Int? { get }
}

public enum WatchWake: Equatable, Sendable {
    /// The time is up: run again.
    case due
    /// Draw again now and wait again (a resumed job, a resized window): the screen was not ours.
    case redraw
    /// Ctrl-C, SIGTERM or SIGHUP: stop watching.
    case stop
}
