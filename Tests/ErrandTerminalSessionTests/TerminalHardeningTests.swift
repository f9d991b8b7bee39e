import ErrandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 16 at the keyboard, the only place the history file is written: a password typed in
/// a URL is saved masked, the history and its folder are private under umask 000, and a link
/// planted at the history's old temporary name (HISTORY.tmp-PID, with errand exec'd from the
/// planting shell) is never followed.
@Suite(.serialized, .tags(.terminal, .server, .process), .fullLane) final class TerminalHardeningTests {
    let dir = NSTemporaryDirectory() + "errand-tty-hard-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    func isRegular(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    @Test func aTypedPasswordIsSavedMaskedAndTheHistoryIsPrivateAndNeverFollowsAPlant() throws {
        let executable = try ChildProcess.built()
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let sample = root.appendingPathComponent("examples/catalogue/")
        let header = "Basic " + Data("u:secret".utf8).base64EncodedString()
        let server = try LoopbackServer(routes: [
            "/categories.json": .body(try Data(contentsOf: sample.appendingPathComponent("categories.json"))),
            "/listing.json": .body(try Data(contentsOf: sample.appendingPathComponent("listing.json"))),
        ], requiredAuthorization: header)
        defer { server.stop() }
        let history = dir + "/state/errand/history"
        let victim = dir + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        // The shell plants (once the folder exists) and becomes errand: same PID.
        let launcher = dir + "/launch.sh"
        try """
            umask 000
            if [ -d "\(dir)/state/errand" ]; then ln -s "\(victim)" "\(history).tmp-$$"; fi
            exec "\(executable)"
            """.write(toFile: launcher, atomically: false, encoding: .utf8)

        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try tmux.start("/bin/sh " + launcher)
        try tmux.type("sync http://u:secret@127.0.0.1:\(server.port)/")
        let screen = try tmux.wait(for: "synced 36 ads in 11 categories from http://u:***@127.0.0.1:\(server.port)/")
        // Only the line as typed shows the password; nothing errand wrote does.
        #expect(screen.components(separatedBy: "secret").count == 2, "\(screen)")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
        try tmux.run(["kill-session", "-t", "t"])
        #expect(try String(contentsOfFile: history, encoding: .utf8) == "sync http://u:***@127.0.0.1:\(server.port)/\n")
        #expect(mode(dir + "/state") == 0o700 && mode(dir + "/state/errand") == 0o700)
        #expect(mode(history) == 0o600 && mode(history + ".lock") == 0o600)

        // Second session: the plant is in place; Up recalls the line as it was saved.
        try tmux.restart("/bin/sh " + launcher)
        try tmux.press("Up")
        try tmux.wait(for: "view> sync http://u:***@127.0.0.1:\(server.port)/")
        try tmux.press("C-u")
        try tmux.type("view")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(isRegular(history) && mode(history) == 0o600)
        #expect(try String(contentsOfFile: history, encoding: .utf8).hasSuffix("/\nview\n"))
        let planted = try FileManager.default.contentsOfDirectory(atPath: dir + "/state/errand").filter { $0.contains(".tmp-") }
        #expect(planted.count == 1, "only the plant itself, never followed: \(planted)")
        // Nothing errand wrote holds the password.
        for file in FileManager.default.enumerator(atPath: dir)?.compactMap({ $0 as? String }) ?? [] {
            let bytes = FileManager.default.contents(atPath: dir + "/" + file) ?? Data()
            #expect(bytes.range(of: Data("secret".utf8)) == nil, "\(file)")
        }
        #expect(server.authorizations.first == header)
    }

    /// Issue 47: a history file holding one 64 MB line (filled by hand, or a paste saved by an
    /// older version) is read as its tail only: the prompt comes, the line is not in the
    /// history, and the file saved on quit no longer holds it.
    @Test func aHugeHistoryLineIsSkippedAndNotWrittenBack() throws {
        let executable = try ChildProcess.built()
        let history = dir + "/state/errand/history"
        try FileManager.default.createDirectory(atPath: dir + "/state/errand", withIntermediateDirectories: true)
        var text = "view\n" + String(repeating: "z", count: 64 << 20)
        text += "\nlist\n"
        try text.write(toFile: history, atomically: false, encoding: .utf8)
        text = ""
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try tmux.start(executable)
        try tmux.type("create Bread")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.utf8.count < 1_000 && saved.hasSuffix("create Bread\n"), "\(saved.prefix(200))")
    }
}
