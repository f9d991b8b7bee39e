@testable import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Issue 23: the quiet `errand remind` (QuietRemind, a cron run that finds nothing to ring
/// ends before the shell is built) keeps the launch rules and the start-up's words.
@Suite(.serialized, .tags(.terminal, .process), .fullLane) struct QuietRemindProcessTests {
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "errand-quiet-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A reminder at 09:30: a run before then finds nothing to ring.
    func store(in dir: String, _ backend: String) throws -> String {
        let path = dir + "/store." + backend
        let made = try ChildProcess.run(["--store", path, "--today", "2026-12-03T08:00", "-c",
                                         "create Call mum --date \"dec 3 10:00\" --remind 30m"])
        #expect(made.0 == 0, "\(made.2)")
        return path
    }

    /// A file named `remind` where errand runs makes the word a script (LaunchOptions): the
    /// file runs, as it would without the quiet way, though nothing rings.
    @Test(arguments: ["sqlite", "plist"])
    func aFileNamedRemindHereIsRunAsTheScript(_ backend: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try store(in: dir, backend)
        try Data("create From the script\n".utf8).write(to: URL(fileURLWithPath: dir + "/remind"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ChildProcess.built())
        process.arguments = ["--store", path, "--today", "2026-12-03T09:00", "remind"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ["TZ": "UTC", "HOME": dir, "ERRAND_GEOCODER": "off", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(printed)")
        let listed = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:00", "-c", "list"])
        #expect(listed.1.contains("From the script"), "\(listed.1)")
        // Elsewhere, the same command line is the quiet run: nothing printed, nothing made.
        let quiet = try ChildProcess.run(["--store", path, "--today", "2026-12-03T09:00", "remind"], environment: ["TZ": "UTC"])
        #expect(quiet.0 == 0 && quiet.1.isEmpty && quiet.2.isEmpty, "\(quiet)")
    }

    /// A store that needs a migration while another Errand holds it: the quiet run says it
    /// waits, at a terminal, as the ordinary way does, then goes on when the other lets go.
    /// SQLite only: the property-list store has no migrations, and reads without its lock.
    @Test func aDueMigrationThatWaitsForAnotherErrandSaysSo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try store(in: dir, "sqlite")
        // Back before the newest migration, the folded words (as MigrationTests.withoutFoldedWords,
        // less the old index, which the migration does not need).
        let before = try #require(SQLiteSchema.migrations.firstIndex(of: SQLiteSchema.foldedWords))
        #expect(try SQLiteCLI.run(path, "DROP TABLE sync_conflict; ALTER TABLE item DROP COLUMN status; "
            + "ALTER TABLE item DROP COLUMN progress; DROP INDEX ad_listing; CREATE INDEX ad_list_order ON ad (urgent DESC, created DESC, id); "
            + "DROP INDEX ad_hidden; ALTER TABLE ad DROP COLUMN hidden; "
            + "DROP INDEX item_open_series; DROP TRIGGER item_text_insert; DROP TRIGGER item_text_delete; "
            + "DROP TRIGGER item_text_update; DROP TABLE item_text; ALTER TABLE item DROP COLUMN words; "
            + "CREATE INDEX item_unstarted ON item (due, start) WHERE done = 0 AND start IS NOT NULL; "
            + "PRAGMA user_version = \(before);") == 0)
        // Another process holds the store until released; errand starts once it holds it.
        let holder = try StoreHolder(store: path, sqlite: true)
        defer { holder.release() }
        try #require(holder.held(), "the other process never took the store")
        let tmux = TmuxDriver(prefix: "errand-quiet")
        let executable = try ChildProcess.built()
        try tmux.start("env TZ=UTC HOME=\(dir) LANG=C.UTF-8 TERM=xterm \(executable) --store \(path) --today 2026-12-03T09:00 remind; "
                       + "echo EXIT=$?", columns: 100, rows: 10)
        // A quiet remind reads no input: what it shows while it waits is the event.
        try tmux.wait(for: "waiting for another Errand to finish with the store")
        holder.release()
        #expect(try tmux.awaitReady() == nil, "a quiet remind never says it reads input")
        let screen = try tmux.wait(for: "EXIT=")
        #expect(screen.contains("EXIT=0") && screen.components(separatedBy: "waiting for another Errand").count == 2, "\(screen)")
        let reopened = try StoreOpener.open(path: path, backend: .sqlite)
        defer { reopened.close() }
        #expect(try (reopened as? SQLiteItemStore)?.db.scalar("PRAGMA user_version") == Int64(SQLiteSchema.currentVersion))
    }
}
