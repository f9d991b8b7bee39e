#if canImport(Glibc)
import Glibc
#endif

/// Tells a program driving errand's terminal (a test) that errand now waits for input: one
/// line on the descriptor ERRAND_READY_FD names, each time the line editor starts reading a
/// line (`prompt`), a question's answer (`form`) or, within a line, the next key (`key`), and
/// each time `watch` waits (`watch`); never otherwise. Fields are tab-separated: what is read,
/// the prompt as drawn, the line typed so far (tabs, line breaks and backslashes escaped).
/// Without this a driver can only guess from the screen whether its keys will reach libedit
/// or a cooked tty that echoes them twice.
public final class ReadySignal {
    private var descriptor: Int32

    /// Nil unless `value` names an open descriptor; it is closed on exec, so the helpers and
    /// the editor errand starts never write to it.
    public init?(descriptorText value: String?) {
        guard let value, let number = Int32(value), number > 2, fcntl(number, F_GETFD) >= 0 else { return nil }
        descriptor = number
        _ = fcntl(number, F_SETFD, FD_CLOEXEC)
    }

    public func tell(_ reading: String, prompt: String = "", line: String = "") {
        guard descriptor >= 0 else { return }
        let text = [reading, ReadySignal.escaped(prompt), ReadySignal.escaped(line)].joined(separator: "\t") + "\n"
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            // The reader has gone (EPIPE: SIGPIPE is ignored) or the descriptor is bad: errand
            // goes on as if nobody had asked.
            guard written > 0 else {
                descriptor = -1
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out
    }

    /// Whether a byte is waiting on `descriptor` already: a driver is told only when errand
    /// would block, so keys sent together yield one line, after the last of them is handled.
    static func inputPending(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }
}
