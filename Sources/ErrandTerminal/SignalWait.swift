#if canImport(Glibc)
import Glibc
#endif

/// A wait at the terminal that the person can end: Ctrl-C, SIGTERM and SIGHUP end it (the
/// last two also leave, as at the prompt), a resumed job (Ctrl-Z, then fg) or a resized window
/// cut it short so the screen is drawn again. The signals are blocked only while it waits and
/// taken there with sigtimedwait, so one that comes just before the wait is not lost, and the
/// programs started meanwhile inherit no blocked mask.
public final class SignalWait {
    public enum Wake: Equatable, Sendable {
        case elapsed
        case redraw
        case interrupted
        case terminated
    }

    nonisolated(unsafe) static var redrawn: sig_atomic_t = 0
    private var earlier: [Int32: sigaction] = [:]

    public init() {}

    /// Catches SIGCONT and SIGWINCH for the time of the watch: by default both are dropped as
    /// they come, and a job resumed while a command ran would not be redrawn.
    public func begin() {
        SignalWait.redrawn = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in SignalWait.redrawn = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signal in [SIGCONT, SIGWINCH] {
            var old = sigaction()
            sigaction(signal, &action, &old)
            earlier[signal] = old
        }
    }

    /// Puts back the handlers begin replaced (libedit's own come and go with each line read).
    public func end() {
        for (signal, old) in earlier {
            var old = old
            sigaction(signal, &old, nil)
        }
        earlier = [:]
    }

    public func wait(seconds: Double) -> Wake {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGCONT, SIGWINCH] { sigaddset(&set, signal) }
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        // What came while the command ran, its handler already noted.
        if let wake = noted() { return wake }
        let whole = seconds.rounded(.down)
        var timeout = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        switch sigtimedwait(&set, nil, &timeout) {
        case SIGINT: return .interrupted
        case SIGTERM, SIGHUP:
            SignalFlags.terminate = 1
            return .terminated
        case SIGCONT, SIGWINCH: return .redraw
        default:
            // EAGAIN: the time is up. EINTR (another signal's handler ran): the wait is cut
            // short, which only redraws a little early.
            if let wake = noted() { return wake }
            return errno == EINTR ? .redraw : .elapsed
        }
    }

    private func noted() -> Wake? {
        if SignalFlags.terminationRequested { return .terminated }
        if SignalFlags.takeInterrupt() { return .interrupted }
        if SignalWait.redrawn != 0 {
            SignalWait.redrawn = 0
            return .redraw
        }
        return nil
    }
}
