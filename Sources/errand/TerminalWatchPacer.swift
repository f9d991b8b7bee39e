import ErrandShell
import ErrandTerminal

/// `watch` at the keyboard: drawn in place, its waits ended by Ctrl-C and SIGTERM and cut
/// short by a resumed job or a resized window (SignalWait).
final class TerminalWatchPacer: WatchPacer {
    private let signals = SignalWait()
    private let width: () -> Int

    init(width: @escaping () -> Int) {
        self.width = width
    }

    var columns: Int? { width() }

    var drawsInPlace: Bool { true }
    func begin() { signals.begin() }
    func end() { signals.end() }

    func wait(_ seconds: Double) -> WatchWake {
        switch signals.wait(seconds: seconds) {
        case .elapsed: return .due
        case .redraw: return .redraw
        case .interrupted, .terminated: return .stop
        }
    }
}
