import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The persistent history: one entry per line in a private file. Saving merges with what is
/// on disk, under a lock, so two shells exiting one after the other both keep their lines.
public final class HistoryFile {
    public let path: String
    public let limit: Int
    /// Applied to every line read or added, so that what it removes (a password, say) reaches
    /// neither the file nor the screen; lines saved before it existed lose it at the next save.
    /// The terminal layer does not know what a secret is: the executable says.
    let scrub: (String) -> String
    /// Entries on disk plus those added since, read at first use: a script that never asks
    /// for its history does not open the file.
    public private(set) lazy var entries: [String] = HistoryFile.read(path, lineBytes: lineBytes).map(scrub)
    private var added: [String] = []

    /// Lines kept: enough for suggestions to know a habit months old; a key press scans them
    /// all in well under a millisecond (bench/keypress.py).
    public static let defaultLimit = 10_000
    /// A line longer than this (the longest line the prompt takes) is skipped when read and
    /// never written: one 300 MB line took 9 s and 1.18 GB to reach the prompt (issue 47).
    public let lineBytes: Int
    /// Only the file's last this many bytes are read, whatever it holds: the newest lines are
    /// the ones kept, and the prompt comes at once.
    public static let tailBytes = 16 << 20

    public init(path: String, limit: Int = HistoryFile.defaultLimit, lineBytes: Int = 1 << 20,
                scrub: @escaping (String) -> String = { $0 }) {
        self.path = path
        self.limit = max(limit, 1)
        self.lineBytes = max(lineBytes, 1)
        self.scrub = scrub
    }

    /// Adds a line unless it is blank or repeats the previous entry.
    @discardableResult
    public func add(_ typed: String) -> Bool {
        let line = scrub(typed)
        guard !line.allSatisfy(\.isWhitespace), !line.contains("\n"), line.utf8.count <= lineBytes, entries.last != line else {
            return false
        }
        entries.append(line)
        added.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        return true
    }

    /// Appends this session's new lines to whatever the file holds now and replaces it whole
    /// (0600, through a temporary file no planted name can redirect: see PrivateFile). Safe
    /// to call more than once.
    public func save() throws {
        guard !added.isEmpty else { return }
        try PrivateDirectory.makeParents(of: path)
        let file = try PrivateFile.resolved(path)
        let merged = try FileLock(path: file + ".lock").withLock {
            var merged = HistoryFile.read(file, lineBytes: lineBytes).map(scrub)
            for line in added where merged.last != line { merged.append(line) }
            if merged.count > limit { merged.removeFirst(merged.count - limit) }
            try PrivateFile.replace(file, with: Data((merged.joined(separator: "\n") + "\n").utf8))
            return merged
        }
        added = []
        entries = merged
    }

    /// The lines of the file's last `tailBytes` (a line cut by where that starts is left
    /// out), those over `lineBytes` skipped.
    static func read(_ path: String, lineBytes: Int) -> [String] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        let size = lseek(fd, 0, SEEK_END)
        guard size >= 0 else { return [] }
        let start = max(0, size - off_t(tailBytes))
        guard lseek(fd, start, SEEK_SET) == start else { return [] }
        let data = Descriptor.readAll(fd, limit: tailBytes)
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if start > 0, !lines.isEmpty { lines.removeFirst() }
        return lines.filter { !$0.isEmpty && $0.count <= lineBytes }.map { String(decoding: $0, as: UTF8.self) }
    }
}
