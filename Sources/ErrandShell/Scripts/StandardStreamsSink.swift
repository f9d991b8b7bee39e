import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// stdout and stderr, buffered per command and written with write(2) at each flush, so a
/// program reading through a pipe gets each answer as soon as the command is done.
public final class StandardStreamsSink: OutputSink {
    private var outBuffer = ""
    private var errBuffer = ""

    public init() {}

    public func out(_ line: String) {
        outBuffer += line
        outBuffer += "\n"
    }

    public func part(_ text: String) {
        outBuffer += text
        // Written once it is this large: the pieces of a long line are not all held at once.
        if outBuffer.utf8.count >= 1 << 16 { flushOut() }
    }

    public func err(_ line: String) {
        // Keep the order a person sees: what came before the error goes first.
        flushOut()
        errBuffer += line
        errBuffer += "\n"
        flushErr()
    }

    public func flush() {
        flushOut()
        flushErr()
    }

    private func flushOut() {
        StandardStreamsSink.writeAll(1, outBuffer)
        outBuffer = ""
    }

    private func flushErr() {
        StandardStreamsSink.writeAll(2, errBuffer)
        errBuffer = ""
    }

    public static func writeAll(_ fd: Int32, _ text: String) {
        Descriptor.writeAll(fd, text)
    }
}
