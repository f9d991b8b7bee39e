import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real terminal for tests: a tmux server on a socket of its own (never the user's), one
/// window "t", keys typed and the screen read back. The server is killed when this goes.
open class TmuxDriver {
    public private(set) var socket: String
    private let prefix: String

    public init(prefix: String) {
        self.prefix = prefix
        socket = TmuxDriver.newSocket(prefix)
    }

    static func newSocket(_ prefix: String) -> String { "\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))" }

    /// Kills the server and moves to a new socket: starting a server on the same socket right
    /// after the last session ended races that server's exit (the new session was lost under load).
    public func renew() throws {
        try run(["kill-server"], capture: false)
        socket = TmuxDriver.newSocket(prefix)
    }

    deinit { _ = try? run(["kill-server"], capture: false) }

    /// Runs tmux through popen: pclose reaps the client itself, and new-session's output
    /// goes to /dev/null because the server it forks keeps inherited descriptors open.
    @discardableResult
    public func run(_ arguments: [String], capture: Bool = true) throws -> String {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "tmux -L \(socket) " + quoted.joined(separator: " ") + (capture ? " 2>/dev/null" : " >/dev/null 2>&1")
        guard let pipe = popen(command, "r") else { throw CocoaError(.fileReadUnknown) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        pclose(pipe)
        return String(decoding: output, as: UTF8.self)
    }

    /// Starts `command` in a window of that size; it stays a minute after it ends, so its
    /// last screen can be read.
    public func start(_ command: String, columns: Int, rows: Int) throws {
        try run(["new-session", "-d", "-s", "t", "-x", String(columns), "-y", String(rows), command + "; sleep 60"],
                capture: false)
    }

    public func keys(_ keys: String...) throws {
        try run(["send-keys", "-t", "t"] + keys)
    }

    public func screen() throws -> String { try run(["capture-pane", "-p", "-t", "t"]) }

    /// Types `line` and Enter at a prompt, as a person would: first waits for the screen's
    /// last line to end in ">" (keys sent while a command runs reach a cooked tty, which
    /// echoes them, and libedit then draws them again: the line read back was garbled), then
    /// until the line shows in the scrollback once more than before (wrapping ignored), so
    /// the next call cannot take the old prompt for a new one. Gives up waiting after
    /// `timeout` seconds and lets the caller's checks say what is wrong.
    public func typeAtPrompt(_ line: String, timeout: Double = 60) throws {
        _ = try poll(timeout: timeout) { () throws -> Bool? in
            let last = try screen().split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return last?.trimmingCharacters(in: .whitespaces).hasSuffix(">") == true ? true : nil
        }
        let typed = TmuxDriver.squeezed(line)
        let before = try scrollback().components(separatedBy: typed).count
        try run(["send-keys", "-t", "t", "-l", line])
        try keys("Enter")
        guard !typed.isEmpty else { return }
        _ = try poll(timeout: timeout) { () throws -> Bool? in
            try scrollback().components(separatedBy: typed).count > before ? true : nil
        }
    }

    /// The whole scrollback, wrapped lines joined and every space and line break taken out.
    func scrollback() throws -> String {
        TmuxDriver.squeezed(try run(["capture-pane", "-p", "-J", "-S", "-", "-t", "t"]))
    }

    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    /// Calls `check` every 50 ms until it answers, or `timeout` seconds pass (nil then).
    public func poll<T>(timeout: Double, _ check: () throws -> T?) rethrows -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = try check() { return found }
            usleep(50_000)
        }
        return nil
    }
}
