/// Where results go: the real stdout/stderr, or memory for tests and transcripts.
public protocol OutputSink: AnyObject {
    func out(_ line: String)
    /// The start of a line the next `out` ends: a line too long to hold whole before it is
    /// written (JSON `log` of a large import) comes in pieces.
    func part(_ text: String)
    func err(_ line: String)
    /// Called after every command, so a program driving Errand through a pipe gets each
    /// answer as soon as it is ready.
    func flush()
    /// Why the output could not be written (`No space left on device`, `Broken pipe`), once a
    /// write failed; nil while every write went through.
    var writeFailure: String? { get }
}

/// Collects lines in memory; `all` interleaves both streams in order.
public final class MemorySink: OutputSink {
    /// Set by a test to play a failed output (a full disk): lines are still kept.
    public var writeFailure: String?
    public private(set) var stdout: [String] = []
    public private(set) var stderr: [String] = []
    public private(set) var all: [String] = []
    private var started = ""

    public init() {}

    public func out(_ line: String) {
        let whole = started + line
        started = ""
        stdout.append(whole)
        all.append(whole)
    }

    public func part(_ text: String) {
        started += text
    }

    public func err(_ line: String) {
        stderr.append(line)
        all.append(line)
    }

    public func flush() {}

    public func reset() {
        stdout = []
        stderr = []
        all = []
        started = ""
    }
}
