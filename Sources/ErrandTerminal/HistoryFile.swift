import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// Appends this session's new lines to whatever the file holds now and rewrites it
    /// atomically (mode 0600). Safe to call more than once.
    public func save() throws {
        guard !added.isEmpty else { return }
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let lockFD = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lockFD >= 0 { flock(lockFD, LOCK_EX) }
        defer {
            if lockFD >= 0 {
                flock(lockFD, LOCK_UN)
                close(lockFD)
            }
        }
        var merged = HistoryFile.read(path)
        for line in added where merged.last != line { merged.append(line) }
        if merged.count > limit { merged.removeFirst(merged.count - limit) }
        let data = Data((merged.joined(separator: "\n") + "\n").utf8)
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw HistoryError(path: path, reason: String(cString: strerror(errno))) }
        let ok = data.withUnsafeBytes { raw in write(fd, raw.baseAddress, raw.count) == raw.count } && fsync(fd) == 0
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            unlink(temp)
            throw HistoryError(path: path, reason: "cannot write the history")
        }
        added = []
        entries = merged
    }

    static func read(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

public struct HistoryError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}
