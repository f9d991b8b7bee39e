import ErrandShell
import ErrandTerminal

/// `watch` at the keyboard: drawn in place, its waits ended by Ctrl-C and SIGTERM and cut
/// short by a resumed job or a resized window (SignalWait).
final class TerminalWatchPacer: WatchPacer {
    private let signals = SignalWait()
    private let width: () -> Int
    private let ready: ReadySignal?

    init(width: @escaping () -> Int, ready: ReadySignal?) {
        self.width = width
        self.ready = ready
    }

    var columns: Int? { width() }

    var drawsInPlace: Bool { true }
    func begin() { signals.begin() }
    func end() { signals.end() }

    func wait(_ seconds: Double) -> WatchWake {
        ready?.tell("watch")
        switch signals.wait(seconds: seconds) {
        case .elapsed: return .due
        case .redraw: return .redraw
        case .interrupted, .terminated: return .stop
        }
    }
}
