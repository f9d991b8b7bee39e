import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Signal handling for the prompt: SIGINT, SIGTERM and SIGHUP are caught without SA_RESTART,
/// so a blocked read returns and the loop decides (cancel the line, or save and leave).
public enum SignalFlags {
    nonisolated(unsafe) static var terminate: sig_atomic_t = 0
    nonisolated(unsafe) static var interrupt: sig_atomic_t = 0

    public static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if signal == SIGINT { SignalFlags.interrupt = 1 } else { SignalFlags.terminate = 1 }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGHUP, &action, nil)
    }

    /// SIGTERM or SIGHUP arrived.
    public static var terminationRequested: Bool { terminate != 0 }

    /// Reads and clears the Ctrl-C flag.
    public static func takeInterrupt() -> Bool {
        let was = interrupt != 0
        interrupt = 0
        return was
    }
}
