import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 16, part 1, tried the way an attacker would: a shell plants links at the names the
/// old code used (`STORE.tmp-PID`), then `exec`s errand, which so runs with that very PID. The
/// victim must stay byte-identical and the store a regular file. The history file has the
/// same test at a real terminal (TerminalHardeningTests), as it is written at the keyboard only.
@Suite(.serialized, .tags(.process), .fullLane) final class PlantedFileTests {
    static let names = ["store.plist", "store.sqlite"]
    let dir = NSTemporaryDirectory() + "errand-plant-" + UUID().uuidString
    let victim: String
    let victimBytes = Data("precious, not a store\n".utf8)

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        victim = dir + "/victim"
        try victimBytes.write(to: URL(fileURLWithPath: victim))
        chmod(victim, 0o644)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func environment(_ extra: [String: String] = [:]) throws -> [String: String] {
        ["ERRAND": try ChildProcess.built(), "VICTIM": victim, "DIR": dir, "HOME": dir,
         "XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state", "ERRAND_TODAY": "2026-11-29"]
            .merging(extra) { $1 }
    }

    func info(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    func kind(_ path: String) -> mode_t? { info(path).map { $0.st_mode & S_IFMT } }
    func mode(_ path: String) -> mode_t? { info(path).map { $0.st_mode & 0o7777 } }

    func expectVictimUntouched(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(FileManager.default.contents(atPath: victim) == victimBytes, sourceLocation: sourceLocation)
        #expect(mode(victim) == 0o644 && kind(victim) == S_IFREG, sourceLocation: sourceLocation)
    }

    @Test(arguments: names)
    func linksPlantedAtThePredictableNamesAreNeverFollowed(_ name: String) throws {
        let store = dir + "/" + name
        let export = dir + "/out.json"
        // Round 1 creates the store (the SQLite backend built it in STORE.new-PID), round 2
        // replaces it (the plist backend wrote STORE.tmp-PID), both export (OUT.tmp-PID).
        for round in 1...2 {
            let (status, _, err) = try ShellScript.run("""
                for planted in "$STORE.tmp-$$" "$STORE.new-$$" "$EXPORT.tmp-$$"; do ln -sf "$VICTIM" "$planted"; done
                exec "$ERRAND" --store "$STORE" -c "create B\(round) --date today" -c "export $EXPORT"
                """, environment: try environment(["STORE": store, "EXPORT": export]))
            #expect(status == 0, "\(err)")
        }
        expectVictimUntouched()
        #expect(kind(store) == S_IFREG && mode(store) == 0o600)
        #expect(kind(export) == S_IFREG && mode(export) == 0o600)
        let exported = String(decoding: FileManager.default.contents(atPath: export) ?? Data(), as: UTF8.self)
        #expect(exported.contains("\"B1\"") && exported.contains("\"B2\""))
    }

    /// A lock file and SQLite's -wal, -shm and -journal must keep fixed names (other processes
    /// find them by name), so a random name cannot dodge a plant there: it is refused, in one
    /// line naming it, and the store is left as it was.
    @Test func aLinkAtALockOrJournalNameIsRefusedWithOneLine() throws {
        let env = try environment()
        let plist = dir + "/store.plist"
        _ = try ChildProcess.run(["--store", plist, "-c", "create A"], environment: env)
        let before = FileManager.default.contents(atPath: plist)
        #expect(unlink(plist + ".lock") == 0 && symlink(victim, plist + ".lock") == 0)
        var (status, _, err) = try ChildProcess.run(["--store", plist, "-c", "create C"], environment: env)
        #expect(status == 1)
        #expect(err == "-c:1: \(plist).lock: is a symbolic link, and Errand never follows one to a file it creates, "
                + "locks or writes beside a store (remove it if you did not make it); nothing was changed\n")
        #expect(FileManager.default.contents(atPath: plist) == before)

        let sqlite = dir + "/store.sqlite"
        _ = try ChildProcess.run(["--store", sqlite, "-c", "create A"], environment: env)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(symlink(victim, sqlite + suffix) == 0)
            (status, _, err) = try ChildProcess.run(["--store", sqlite, "-c", "create C"], environment: env)
            #expect(status == 3)
            #expect(err.hasPrefix("errand: \(sqlite)\(suffix): is a symbolic link, and Errand never follows one")
                    && err.filter { $0 == "\n" }.count == 1, "\(err)")
            #expect(unlink(sqlite + suffix) == 0)
        }
        // A plain file planted there by another user would be read by SQLite as its own.
        if geteuid() == 0 {
            try Data().write(to: URL(fileURLWithPath: sqlite + "-wal"))
            chown(sqlite + "-wal", 65534, 65534)
            (status, _, err) = try ChildProcess.run(["--store", sqlite, "-c", "view"], environment: env)
            #expect(status == 3 && err.contains("-wal: belongs to another user than the store"), "\(err)")
            unlink(sqlite + "-wal")
        }
        expectVictimUntouched()
        let (_, out, _) = try ChildProcess.run(["--store", sqlite, "-c", "list"], environment: env)
        #expect(out.contains("A") && !out.contains("C"))
    }

    /// Someone who keeps the store in a synced folder and links to it keeps the link: the
    /// temporary file and the lock go beside the real file. A link to nothing is refused.
    @Test(arguments: names)
    func aStoreReachedThroughALinkStaysALink(_ name: String) throws {
        let env = try environment()
        let synced = dir + "/synced"
        try FileManager.default.createDirectory(atPath: synced, withIntermediateDirectories: true)
        _ = try ChildProcess.run(["--store", synced + "/" + name, "-c", "create A"], environment: env)
        let link = dir + "/" + name
        #expect(symlink(synced + "/" + name, link) == 0)
        var (status, out, err) = try ChildProcess.run(["--store", link, "-c", "create B", "-c", "list"], environment: env)
        #expect(status == 0, "\(err)")
        #expect(out.contains("A") && out.contains("B"))
        #expect(kind(link) == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [name, "synced", "victim"])

        let dangling = dir + "/dangling." + (name as NSString).pathExtension
        #expect(symlink(synced + "/missing", dangling) == 0)
        (status, out, err) = try ChildProcess.run(["--store", dangling, "-c", "create B"], environment: env)
        #expect(status == 3 && out == "")
        #expect(err == "errand: \(dangling): is a symbolic link to nothing, and Errand does not create a file through "
                + "a link (make the file it points to first, or remove the link); nothing was changed\n")
        #expect(!FileManager.default.fileExists(atPath: synced + "/missing"))
    }

    /// Every file Errand makes is 0600 and every folder 0700, whatever the umask. SQLite's
    /// -wal and -shm exist only while a store is open, so they are looked at mid-session:
    /// errand runs in the background on two FIFOs and the script waits for each answer.
    @Test(arguments: names)
    func filesAre0600AndFoldersAre0700UnderUmask000(_ name: String) throws {
        let store = dir + "/a/b/" + name
        let (status, _, err) = try ShellScript.run("""
            umask 000
            mkfifo "$DIR/commands" "$DIR/answers"
            "$ERRAND" --store "$STORE" --create < "$DIR/commands" > "$DIR/answers" &
            exec 3> "$DIR/commands" 4< "$DIR/answers"
            echo "create A" >&3
            read answer <&4
            echo "export $DIR/a/out.json" >&3
            read answer <&4
            stat -c '%a %n' "$STORE"* "$DIR/a" "$DIR/a/b" "$DIR/a/out.json" > "$DIR/modes"
            exec 3>&-
            wait $!
            """, environment: try environment(["STORE": store]))
        #expect(status == 0, "\(err)")
        let modes = String(decoding: FileManager.default.contents(atPath: dir + "/modes") ?? Data(), as: UTF8.self)
        let expected = name.hasSuffix(".sqlite")
            ? ["600 \(store)", "600 \(store)-shm", "600 \(store)-wal"] : ["600 \(store)", "600 \(store).lock"]
        #expect(modes.split(separator: "\n").map(String.init).sorted()
                == (expected + ["700 \(dir)/a", "700 \(dir)/a/b", "600 \(dir)/a/out.json"]).sorted())
    }
}
