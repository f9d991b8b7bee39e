import ErrandFiles
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files Errand creates are new, private and unpredictably named; names planted in their
/// folder make a step fail with one line and are never followed.
@Suite final class PrivateFileTests {
    let dir = NSTemporaryDirectory() + "errand-files-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func info(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    func isRegular(_ path: String) -> Bool { info(path).map { ($0.st_mode & S_IFMT) == S_IFREG } ?? false }
    func isLink(_ path: String) -> Bool { info(path).map { ($0.st_mode & S_IFMT) == S_IFLNK } ?? false }
    func mode(_ path: String) -> mode_t? { info(path).map { $0.st_mode & 0o7777 } }

    @Test func newFilesArePrivateAndTheirNamesCannotBeGuessed() throws {
        let first = try PrivateFile.create(beside: dir + "/store", tag: "tmp")
        let second = try PrivateFile.create(beside: dir + "/store", tag: "tmp")
        close(first.descriptor)
        close(second.descriptor)
        #expect(first.path != second.path)
        #expect(first.path.hasPrefix(dir + "/store.tmp-") && first.path.count == (dir + "/store.tmp-").count + 12)
        #expect(first.path != dir + "/store.tmp-\(getpid())")
        #expect(isRegular(first.path) && mode(first.path) == 0o600)
    }

    /// The attack of issue 16: a link planted at the name the old code used.
    @Test func replacingNeverFollowsALinkPlantedAtTheOldTemporaryName() throws {
        let victim = dir + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        chmod(victim, 0o644)
        let store = dir + "/store.plist"
        #expect(symlink(victim, store + ".tmp-\(getpid())") == 0)
        try PrivateFile.replace(store, with: Data("new store\n".utf8))
        #expect(contents(victim) == "precious\n")
        #expect(mode(victim) == 0o644)
        #expect(isRegular(store) && mode(store) == 0o600)
        #expect(contents(store) == "new store\n")
        // Nothing is left behind but the plant.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            == ["store.plist", "store.plist.tmp-\(getpid())", "victim"])
    }

    @Test func aLinkToAnExistingFileIsWrittenThroughAndStaysALink() throws {
        let synced = dir + "/synced"
        try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
        try "old\n".write(toFile: synced + "/store.plist", atomically: false, encoding: .utf8)
        chmod(synced + "/store.plist", 0o640)
        let link = dir + "/store.plist"
        #expect(symlink(synced + "/store.plist", link) == 0)
        try PrivateFile.replace(link, with: Data("new\n".utf8))
        #expect(isLink(link))
        #expect(contents(synced + "/store.plist") == "new\n")
        // A file keeps the mode its owner gave it.
        #expect(mode(synced + "/store.plist") == 0o640)
        #expect(try PrivateFile.resolved(link) == PrivateFile.resolved(synced + "/store.plist"))
    }

    @Test func aLinkToNothingIsRefusedAndNothingIsCreatedWhereItPoints() throws {
        let link = dir + "/history"
        let target = dir + "/elsewhere"
        #expect(symlink(target, link) == 0)
        let failure = #expect(throws: FileFailure.self) { try PrivateFile.replace(link, with: Data("x".utf8)) }
        #expect(failure?.path == link)
        #expect(failure?.reason.hasPrefix("is a symbolic link to nothing") == true)
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(isLink(link))
    }

    @Test func aLockFileThatIsALinkOrAPipeIsRefused() throws {
        let victim = dir + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let lockPath = dir + "/store.plist.lock"
        #expect(symlink(victim, lockPath) == 0)
        let failure = #expect(throws: FileFailure.self) { try FileLock(path: lockPath).withLock {} }
        #expect(failure == .link(lockPath))
        #expect(contents(victim) == "precious\n")

        let pipePath = dir + "/history.lock"
        #expect(mkfifo(pipePath, 0o600) == 0)
        #expect(throws: FileFailure(path: pipePath, reason: "is not a plain file, so it cannot be the lock file")) {
            try FileLock(path: pipePath).withLock {}
        }
    }

    @Test func aMissingLockFileIsCreatedPrivate() throws {
        let lockPath = dir + "/store.plist.lock"
        let lock = FileLock(path: lockPath)
        #expect(try lock.withLock { 42 } == 42)
        #expect(isRegular(lockPath) && mode(lockPath) == 0o600)
    }

    @Test func aCompanionMustBeAPlainFileWithOneNameOfTheOwner() throws {
        let store = dir + "/s.sqlite"
        let owner = geteuid()
        try PrivateFile.checkCompanion(store + "-wal", owner: owner)
        try "".write(toFile: store + "-wal", atomically: false, encoding: .utf8)
        try PrivateFile.checkCompanion(store + "-wal", owner: owner)
        #expect(throws: FileFailure.self) { try PrivateFile.checkCompanion(store + "-wal", owner: owner + 1) }
        #expect(link(store + "-wal", store + "-journal") == 0)
        #expect(throws: FileFailure.self) { try PrivateFile.checkCompanion(store + "-journal", owner: owner) }
        #expect(symlink(dir + "/victim", store + "-shm") == 0)
        #expect(throws: FileFailure.link(store + "-shm")) { try PrivateFile.checkCompanion(store + "-shm", owner: owner) }
    }

    @Test func foldersAreMadePrivateAndALinkToNothingOnTheWayIsRefused() throws {
        try PrivateDirectory.makeParents(of: dir + "/state/errand/history")
        #expect(mode(dir + "/state") == 0o700 && mode(dir + "/state/errand") == 0o700)
        // A folder that already exists is left as it is.
        chmod(dir + "/state", 0o755)
        try PrivateDirectory.makeParents(of: dir + "/state/errand/other/history")
        #expect(mode(dir + "/state") == 0o755 && mode(dir + "/state/errand/other") == 0o700)

        #expect(symlink(dir + "/nowhere", dir + "/data") == 0)
        let failure = #expect(throws: FileFailure.self) { try PrivateDirectory.makeParents(of: dir + "/data/errand/store") }
        #expect(failure?.path == dir + "/data")
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere"))
    }
}
