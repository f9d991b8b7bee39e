import ErrandTestSupport
import Foundation
import Testing

/// Issue 46, item 5's last point: keys typed while a command runs are not echoed by the tty
/// into what the command draws (its progress line); they wait, unseen, and the next prompt
/// reads them as typed ahead.
extension TerminalHardeningTests {
    @Test func keysTypedDuringASyncWaitUnseenForTheNextPrompt() throws {
        let executable = try ChildProcess.built()
        let gate = ReplyGate()
        let sample = URL(fileURLWithPath: TerminalFixtures.sample)
        let server = try LoopbackServer(routes: [
            "/categories.json": .body(try Data(contentsOf: sample.appendingPathComponent("categories.json"))),
            "/listing.json": .held(try Data(contentsOf: sample.appendingPathComponent("listing.json")), gate: gate),
        ])
        defer { server.stop() }
        let tmux = TerminalSessionTests.Tmux(dir: dir)
        try tmux.start(executable)
        try tmux.begin("sync http://127.0.0.1:\(server.port)/")
        // The sync waits for its listing: the keys reach the terminal while errand runs it.
        _ = Waiting.until { server.requests.contains { $0.path.hasSuffix("listing.json") } ? true : nil }
        // The tty's own echo is off while it runs (a screen read cannot show an echo that did
        // not happen before the command's next drawing would wipe it).
        let tty = try tmux.run(["display-message", "-p", "-t", "t", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.localModes(tty).contains("-echo"), "echo off during the command")
        #expect(try Self.localModes(tty).contains("icanon"), "lines as the terminal makes them (only libedit's prompt reads keys)")
        try tmux.send("ads", literally: true)
        gate.open()
        let next = try tmux.awaitReady(until: \.startsALine)
        #expect(next?.line == "ads", "typed ahead, read by the next prompt")
        try tmux.waitLine("view> ads")
        let lines = try tmux.scrollback().split(separator: "\n").map(String.init)
        let run = lines.drop { !$0.contains("> sync http://") }.dropFirst().dropLast()
        #expect(run.contains { $0.contains("synced 36 ads") }, "\(lines)")
        #expect(!run.contains { $0.contains("ads") && !$0.contains("synced 36 ads") }, "no echo while it ran: \(lines)")
        #expect(try tmux.screen().components(separatedBy: "ads").count == 3, "the prompt's and the sync line's only")
        try tmux.press("Enter", until: \.startsALine)
        try tmux.wait(for: "All ads: 36 ads")
        try tmux.press("C-d")
        try tmux.wait(for: "EXIT=0")
        #expect(try Self.localModes(tty).contains("echo"), "the terminal as it was once errand has left")
    }

    /// `stty -a`'s local modes of a terminal, word by word (`-echo` when it does not echo).
    static func localModes(_ tty: String) throws -> [String] {
        let stty = Process()
        stty.executableURL = URL(fileURLWithPath: "/bin/stty")
        stty.arguments = ["-F", tty, "-a"]
        let out = Pipe()
        stty.standardOutput = out
        try stty.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stty.waitUntilExit()
        let line = text.split(separator: "\n").first { $0.contains("echo") && $0.contains("icanon") } ?? ""
        return line.split(separator: " ").map(String.init)
    }
}
