import Foundation

/// Lines of a script: a file, standard input or `-c` commands. `name` labels errors.
public protocol LineSource: AnyObject {
    var name: String { get }
    func nextLine() -> String?
}

/// A fixed list of lines (`-c`, tests).
public final class ArrayLineSource: LineSource {
    public let name: String
    private var lines: ArraySlice<String>

    public init(name: String, lines: [String]) {
        self.name = name
        self.lines = lines[...]
    }

    public func nextLine() -> String? { lines.popFirst() }
}

/// Reads a file or standard input one line at a time, so a pipe can be answered line by line.
public final class FileLineSource: LineSource {
    public let name: String
    private let handle: UnsafeMutablePointer<FILE>?
    private let owned: Bool

    public init(standardInput name: String = "stdin") {
        self.name = name
        // fdopen rather than the C global `stdin`, which Swift 6 rejects as shared mutable state.
        handle = fdopen(0, "r")
        owned = false
    }

    /// Throws a one-line reason when the file cannot be opened.
    public init(path: String, name: String) throws(ShellError) {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw .failed("\(name): is a directory, not a script")
        }
        guard let file = fopen(path, "r") else {
            throw .failed("\(name): cannot open the script (\(String(cString: strerror(errno))))")
        }
        self.name = name
        handle = file
        owned = true
    }

    deinit { if owned, let handle { fclose(handle) } }

    public func nextLine() -> String? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        guard let handle else { return nil }
        let count = getline(&buffer, &capacity, handle)
        guard count >= 0, let buffer else { return nil }
        var bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)[...]
        if bytes.last == 0x0A { bytes = bytes.dropLast() }
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        // Invalid UTF-8 is repaired (U+FFFD), never a crash.
        return String(decoding: bytes, as: UTF8.self)
    }
}
