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
    /// The errno of the first write to stdout or stderr that failed.
    private var failedWith: Int32?

    public var writeFailure: String? { failedWith.map { String(cString: strerror($0)) } }

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
        guard !outBuffer.isEmpty else { return }
        if let code = Descriptor.writeAll(1, outBuffer), failedWith == nil { failedWith = code }
        outBuffer = ""
    }

    private func flushErr() {
        guard !errBuffer.isEmpty else { return }
        if let code = Descriptor.writeAll(2, errBuffer), failedWith == nil { failedWith = code }
        errBuffer = ""
    }

    /// nil when every byte went, else the errno of the write that failed.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        Descriptor.writeAll(fd, text)
    }
}
