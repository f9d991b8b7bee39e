import ErrandDomain
import ErrandHelpers
import ErrandStorage
import ErrandSync
import ErrandTestSupport
import Foundation
import Testing

/// Issue 43: Ctrl-C in the middle of a first sync that comes in pieces stops it between two
/// pieces with what came kept whole, and the next sync fetches only the rest. errand runs as
/// `errand -c "sync todos"` in a process group of its own, the helper under it, and SIGINT goes
/// to the group, as a terminal's Ctrl-C does (a script's errand ends at once, as sqlite3's does;
/// at the prompt the line says the sync was cancelled: TerminalSessionTests).
@Suite(.serialized, .tags(.server, .process), .fullLane) struct CancelledPullTests {
    /// `errand ARGUMENTS` in a new process group, SIGINT neither blocked nor ignored whatever the
    /// test runner's mask (Foundation's Process hands its own on), output into `folder`.
    static func spawn(_ arguments: [String], in folder: String) throws -> pid_t {
        let executable = try ChildProcess.built()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &interrupt)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let environment = ["HOME=\(folder)", "XDG_DATA_HOME=\(folder)/data", "XDG_STATE_HOME=\(folder)/state",
                           "PATH=/usr/bin:/bin", "ERRAND_GEOCODER=off", "NO_COLOR=1"]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        try #require(spawned == 0, "cannot start errand: \(String(cString: strerror(spawned)))")
        return pid
    }

    @Test func ctrlCBetweenTwoPiecesKeepsTheFirstAndTheNextSyncFetchesTheRest() throws {
        var quirks = QuirkyCalDAV.Quirks()
        // Multigets only (a server past its limits for one query), 250 members each: the first
        // piece of 2,000 is eight of them; the ninth, the second piece's first, is held.
        quirks.failsQueriesWithData = true
        quirks.syncCollection = true
        quirks.holdMultigetsAfter = 8
        let server = try QuirkyCalDAV(quirks)
        defer { server.server.stop() }
        for i in 0..<2_600 { server.store("m\(i).ics", TwoStoreSyncTests.phoneTodo("m\(i)@phone", "Member \(i)")) }
        let folder = NSTemporaryDirectory() + "errand-cancel-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.sqlite"
        let pid = try Self.spawn(["--store", path, "--remote", server.url, "-c", "sync todos"], in: folder)
        // The event: the second piece's first request reached the server, so the first is applied.
        let held = server.holding.wait(timeout: .now() + Waiting.patience) == .success
        if held { kill(-pid, SIGINT) } else { kill(-pid, SIGKILL) }
        server.release()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        try #require(held, "the pull never reached its second piece")
        // The status's low seven bits: the signal that ended it.
        #expect(status & 0x7f == SIGINT, "errand ended with status \(status)")
        let store = try StoreOpener.open(path: path, backend: .sqlite)
        defer { store.close() }
        #expect(try store.allItems().count == 2_000, "the first piece, whole")
        #expect(try store.syncRemote()?.token == nil, "no token before the last piece")
        let outcome = try TodoSync().run(store, url: server.url, codec: HelperCodec(helper: CalendarHelper(zoneName: "UTC")),
                                         now: { Date(timeIntervalSince1970: 1_790_000_000) }).outcome
        #expect(outcome.received == 600)
        #expect(Set(try store.allItems().map(\.uid)).count == 2_600)
    }
}
