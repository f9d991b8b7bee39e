#if canImport(Glibc)
import Glibc
#endif

/// The terminal's echo, off while a command runs: keys typed then would otherwise be drawn by
/// the tty into whatever the command draws (`photos: 12 of 300vie`). They are not lost: the
/// next prompt reads them as typed ahead, and libedit shows them there. A program a command
/// hands the terminal to (the editor) gets it back as a shell would hand it (ExternalEditor).
public struct TerminalEcho {
    private let descriptor: Int32
    private let saved: termios

    /// Nil when `descriptor` is not a terminal or does not echo: nothing to put back.
    public static func silenced(_ descriptor: Int32 = 0) -> TerminalEcho? {
        var modes = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &modes) == 0, modes.c_lflag & tcflag_t(ECHO) != 0 else { return nil }
        let saved = modes
        modes.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        // TCSANOW: keys already typed stay in the queue for the next prompt (TCSAFLUSH would drop them).
        guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else { return nil }
        return TerminalEcho(descriptor: descriptor, saved: saved)
    }

    public func restore() {
        var modes = saved
        _ = tcsetattr(descriptor, TCSANOW, &modes)
    }
}
