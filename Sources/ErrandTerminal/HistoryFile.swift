import ErrandFiles
import Foundation

/// The persistent history: one entry per line in a private file. Saving merges with what is
/// on disk, under a lock, so two shells exiting one after the other both keep their lines.
public final class HistoryFile {
    public let path: String
    public let limit: Int
    /// Entries on disk plus those added since, read at first use: a script that never asks
    /// for its history does not open the file.
    public private(set) lazy var entries: [String] = HistoryFile.read(path)
    private var added: [String] = []

    public init(path: String, limit: Int = 2000) {
        self.path = path
        self.limit = max(limit, 1)
    }

    /// Adds a line unless it is blank or repeats the previous entry.
    @discardableResult
    public func add(_ line: String) -> Bool {
        guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.contains("\n"), entries.last != line else {
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
            var merged = HistoryFile.read(file)
            for line in added where merged.last != line { merged.append(line) }
            if merged.count > limit { merged.removeFirst(merged.count - limit) }
            try PrivateFile.replace(file, with: Data((merged.joined(separator: "\n") + "\n").utf8))
            return merged
        }
        added = []
        entries = merged
    }

    static func read(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
