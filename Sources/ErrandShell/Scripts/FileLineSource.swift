import ErrandFiles
import ErrandStorage
#if canImport(Glibc)
import Glibc
#endif

/// Reads a script file or standard input a line at a time, so a pipe is answered line by
/// line, and never holds more than `LineLimit.bytes` of one line (see `BoundedLineReader`).
public final class FileLineSource: LineSource {
    public let name: String
    private let descriptor: Int32
    private let owned: Bool
    private let reader: BoundedLineReader

    public convenience init(standardInput name: String = "stdin") {
        self.init(descriptor: 0, name: name, owned: false)
    }

    /// Throws a one-line reason when the file cannot be opened. A FIFO or a device is read
    /// like a file (`errand --script <(...)` hands over a pipe); a directory or a socket is
    /// refused by name.
    public convenience init(path: String, name: String) throws(ShellError) {
        if let kind = FileKind(path: path), kind == .directory || kind == .socket {
            throw .failed("\(name): is \(kind.noun), not a script")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .failed("\(name): cannot open the script (\(String(cString: strerror(errno))))")
        }
        self.init(descriptor: descriptor, name: name, owned: true)
    }

    init(descriptor: Int32, name: String, owned: Bool) {
        self.name = name
        self.descriptor = descriptor
        self.owned = owned
        // A file ends, so a long line is skipped to its newline however far that is; a pipe or
        // a device may never send one.
        var skipLimit: Int? = LineLimit.skipBytes
        if case .regular? = FileKind(descriptor: descriptor) { skipLimit = nil }
        reader = BoundedLineReader(skipLimit: skipLimit) { buffer in FileLineSource.read(descriptor, into: buffer) }
    }

    deinit { if owned { close(descriptor) } }

    public func nextLine() throws(ShellError) -> String? {
        switch reader.next() {
        case let .line(text)?: return text
        case .tooLong?: throw LineLimit.tooLong
        case .endless?: throw LineLimit.endless
        case nil: return nil
        }
    }

    /// A read error ends the input, as the end of the file does.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }
}
