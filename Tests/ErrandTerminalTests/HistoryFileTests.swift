import ErrandFiles
import ErrandTerminal
import Foundation
import Testing

@Suite struct HistoryFileTests {
    let dir = NSTemporaryDirectory() + "errand-history-" + UUID().uuidString

    var path: String { dir + "/state/history" }

    @Test func skipsBlanksAndConsecutiveDuplicatesAndIsBounded() throws {
        let history = HistoryFile(path: path, limit: 3)
        #expect(history.add("view"))
        #expect(!history.add("view"))
        #expect(!history.add("   "))
        history.add("open 1")
        history.add("back")
        history.add("view")
        #expect(history.entries == ["open 1", "back", "view"])
        try history.save()
        #expect(HistoryFile(path: path).entries == ["open 1", "back", "view"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func twoShellsExitingInTurnKeepEveryLine() throws {
        let seed = HistoryFile(path: path)
        seed.add("old")
        try seed.save()
        let first = HistoryFile(path: path)
        let second = HistoryFile(path: path)
        first.add("first a")
        second.add("second a")
        first.add("first b")
        second.add("second b")
        try second.save()
        try first.save()
        #expect(HistoryFile(path: path).entries == ["old", "second a", "second b", "first a", "first b"])
        // Saving again adds nothing twice.
        try first.save()
        #expect(HistoryFile(path: path).entries.count == 5)
    }

    @Test func linksPlantedBesideTheHistoryAreNeverFollowed() throws {
        try FileManager.default.createDirectory(atPath: dir + "/state", withIntermediateDirectories: true)
        let victim = dir + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        #expect(symlink(victim, path + ".tmp-\(getpid())") == 0)
        let history = HistoryFile(path: path)
        history.add("view")
        try history.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "view\n")
        // A link as the lock file is refused with one line, not followed.
        #expect(unlink(path + ".lock") == 0 && symlink(victim, path + ".lock") == 0)
        history.add("back")
        #expect(throws: FileFailure.link(path + ".lock")) { try history.save() }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        var info = stat()
        #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_mode & 0o777 == 0o600)
    }

    /// The executable passes Secrets.redacted; the terminal layer only applies what it is given.
    @Test func scrubbedTextReachesNeitherTheFileNorTheEntries() throws {
        try FileManager.default.createDirectory(atPath: dir + "/state", withIntermediateDirectories: true)
        try "sync https://u:old-secret@h/\nview\n".write(toFile: path, atomically: false, encoding: .utf8)
        let scrub: (String) -> String = { $0.replacingOccurrences(of: "secret", with: "***") }
        let history = HistoryFile(path: path, scrub: scrub)
        #expect(history.entries == ["sync https://u:old-***@h/", "view"])
        #expect(history.add("sync https://u:secret@h/"))
        #expect(history.entries.last == "sync https://u:***@h/")
        try history.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == "sync https://u:old-***@h/\nview\nsync https://u:***@h/\n")
    }

    /// Issue 47: a line over the cap (a 3 MB paste, or a file someone filled) is skipped when
    /// read and dropped when written; only the file's tail is read, so whatever the file
    /// holds, the history is a few MB at most.
    @Test func aLineOverTheCapIsSkippedAndOnlyTheTailIsRead() throws {
        try FileManager.default.createDirectory(atPath: dir + "/state", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let huge = String(repeating: "x", count: 3 << 20)
        try ("view\n" + huge + "\nopen 1\n").write(toFile: path, atomically: false, encoding: .utf8)
        let history = HistoryFile(path: path, lineBytes: 1 << 20)
        #expect(history.entries == ["view", "open 1"])
        #expect(!history.add(String(repeating: "y", count: (1 << 20) + 1)), "a typed line over the cap is not kept")
        history.add("back")
        try history.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "view\nopen 1\nback\n")
        // A file larger than the tail read: its oldest part, and the line cut there, are left.
        let filler = (0..<400_000).map { "find word\($0) with a longer line to fill the file" }.joined(separator: "\n")
        try (filler + "\nlast\n").write(toFile: path, atomically: false, encoding: .utf8)
        let tail = HistoryFile(path: path, limit: .max).entries
        #expect(tail.last == "last" && !tail.isEmpty && tail.count < 400_001)
        #expect(tail.allSatisfy { $0.hasPrefix("find word") || $0 == "last" }, "no line cut in half")
    }
}
