import Foundation
import Testing

/// A real terminal for the real program: a tmux server on a socket of its own, a window of a
/// fixed size, keys typed and the screen read back.
final class TmuxScreen {
    let socket = "errand-pictures-\(getpid())-\(UUID().uuidString.prefix(8))"

    init(command: String, columns: Int = 80, rows: Int = 40) throws {
        // Not captured: the server new-session forks keeps the descriptors it inherited open.
        try tmux(["new-session", "-d", "-s", "t", "-x", String(columns), "-y", String(rows), command + "; sleep 60"],
                 capture: false)
    }

    deinit { _ = try? tmux(["kill-server"], capture: false) }

    /// Through popen, whose pclose reaps the client; a new server's output goes to /dev/null,
    /// as the server keeps the descriptors it inherited open.
    @discardableResult
    func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "tmux -L \(socket) " + quoted.joined(separator: " ") + (capture ? " 2>/dev/null" : " >/dev/null 2>&1")
        guard let pipe = popen(command, "r") else { throw CocoaError(.fileReadUnknown) }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        pclose(pipe)
        return String(decoding: output, as: UTF8.self)
    }

    func type(_ line: String) throws {
        try tmux(["send-keys", "-t", "t", "-l", line])
        try tmux(["send-keys", "-t", "t", "Enter"])
    }

    /// The screen and what scrolled off it, as text; with `escapes`, with its colours.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", "t"] + (escapes ? ["-e"] : []))
    }

    /// Types `line` and waits until what follows it on the screen (its last echo) shows
    /// `text`; returns that part of the screen.
    @discardableResult
    func run(_ line: String, until text: String, timeout: Double = 20,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        // The same line typed before is on the screen too: wait for one more echo of it.
        let before = try screen().components(separatedBy: "> " + line).count
        try type(line)
        let deadline = Date().addingTimeInterval(timeout)
        var after = ""
        while Date() < deadline {
            let parts = try screen().components(separatedBy: "> " + line)
            after = parts.last ?? ""
            if parts.count > before, after.contains(text) { return after }
            usleep(50_000)
        }
        Issue.record("after \(line.debugDescription) the screen never showed \(text.debugDescription):\n\(after)",
                     sourceLocation: sourceLocation)
        return after
    }

    /// Polls until `text` is on the screen (no fixed sleeps: machines are noisy).
    @discardableResult
    func wait(for text: String, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return last }
            usleep(50_000)
        }
        Issue.record("the screen never showed \(text.debugDescription):\n\(last)", sourceLocation: sourceLocation)
        return last
    }
}
