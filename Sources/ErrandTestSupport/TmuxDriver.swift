import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real terminal for tests: a tmux server on a socket of its own (never the user's), one
/// window "t", keys typed and the screen read back. The server is killed when this goes.
///
/// Keys are typed only once errand said it waits for them: `start` gives the command a FIFO
/// as ERRAND_READY_FD, and `type` and `press` wait for its next line before they send and
/// after (ReadySignal). Keys sent while a command still ran reached a cooked tty, which
/// echoed them, and libedit then drew them again: a test that guessed readiness from the
/// screen failed under load. The screen is read only once errand said it waits; tmux may
/// draw it a moment later, so `wait(for:)` looks until what is expected shows.
open class TmuxDriver {
    public private(set) var socket: String
    private let prefix: String
    private var ready: ReadyPipe?
    /// What errand said it waits for last; nil before its first word or after it ended.
    public private(set) var last: ReadyEvent?

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
        let quoted = arguments.map(TmuxDriver.quoted)
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

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Starts `command` (a shell line) in a window of that size, with the readiness FIFO on
    /// descriptor 3 for it and everything it starts; the window stays a minute after it ends,
    /// so its last screen can be read. The FIFO's end is the command's end.
    public func start(_ command: String, columns: Int, rows: Int) throws {
        try Lane.mayStart("a terminal")
        let pipe = try ReadyPipe()
        ready = pipe
        last = nil
        let wrapped = "exec 3>\(TmuxDriver.quoted(pipe.path)); export ERRAND_READY_FD=3; \(command); exec 3>&-; sleep 60"
        try run(["new-session", "-d", "-s", "t", "-x", String(columns), "-y", String(rows), wrapped], capture: false)
    }

    /// The next thing errand says it waits for (nil once the command has ended).
    @discardableResult
    public func awaitReady(until wanted: (ReadyEvent) -> Bool = { _ in true }) throws -> ReadyEvent? {
        guard let ready else { throw TmuxFailure.notStarted }
        while true {
            guard let event = ready.next() else {
                last = nil
                if !ready.ended { throw TmuxFailure.neverReady(screen: (try? screen()) ?? "") }
                return nil
            }
            last = event
            if wanted(event) { return event }
        }
    }

    /// Waits, if errand has not said so yet, until it waits for input; keeps what it said last.
    private func settle() throws {
        guard let ready else { throw TmuxFailure.notStarted }
        if let newest = ready.drain().last { last = newest }
        if last == nil, !ready.ended { try awaitReady() }
        // Keys for a program that has ended would reach the shell after it, or nothing: fail
        // now with its last screen rather than wait for what cannot come.
        if ready.ended { throw TmuxFailure.ended(screen: (try? scrollback()) ?? "") }
    }

    /// Types `line` and Enter once errand reads a line, then waits until it reads the next
    /// one, an answer, or watches (the keys of the line itself are skipped), or ends.
    @discardableResult
    public func type(_ line: String) throws -> ReadyEvent? {
        try begin(line)
        return try awaitReady(until: \.startsALine)
    }

    /// Types `line` and Enter once errand reads a line, and returns at once: for a command
    /// the test interrupts, or whose progress it follows some other way (a server's requests,
    /// another program in the window).
    public func begin(_ line: String) throws {
        try settle()
        if !line.isEmpty { try run(["send-keys", "-t", "t", "-l", line]) }
        try run(["send-keys", "-t", "t", "Enter"])
    }

    /// Types `text` without Enter once errand reads a line; returns once it waits again.
    @discardableResult
    public func enter(text: String) throws -> ReadyEvent? {
        try settle()
        try run(["send-keys", "-t", "t", "-l", text])
        return try awaitReady()
    }

    /// Presses keys (tmux's names: Tab, Up, C-c, ...) once errand waits; returns once it
    /// waits again for `wanted`, or has ended.
    @discardableResult
    public func press(_ keys: String..., until wanted: @escaping (ReadyEvent) -> Bool = { _ in true }) throws -> ReadyEvent? {
        try settle()
        try run(["send-keys", "-t", "t"] + keys)
        return try awaitReady(until: wanted)
    }

    /// Keys for what runs while errand reads nothing (a command being cancelled, another
    /// program in the window: the editor, a shell): sent at once; what follows says when to go on.
    public func send(_ keys: String..., literally: Bool = false) throws {
        guard let ready else { throw TmuxFailure.notStarted }
        if let newest = ready.drain().last { last = newest }
        try run(["send-keys", "-t", "t"] + (literally ? ["-l"] : []) + keys)
    }

    /// The visible screen, as tmux has drawn it now.
    public func screen() throws -> String { try run(["capture-pane", "-p", "-t", "t"]) }

    /// The screen and what scrolled off it, wrapped lines joined; with `escapes`, with colours.
    public func scrollback(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-J", "-S", "-", "-t", "t"] + (escapes ? ["-e"] : []))
    }

    /// The screen with its colours, as the escapes that draw them.
    public func colours() throws -> String { try run(["capture-pane", "-p", "-e", "-t", "t"]) }

    /// The first screen `accepts` (tmux draws what errand wrote a moment after errand said
    /// it waits); after `Waiting.patience`, an error that shows the last screen seen.
    @discardableResult
    public func wait(describing what: String,
                     read: (() throws -> String)? = nil, until accepts: (String) -> Bool) throws -> String {
        var seen = ""
        let found = try Waiting.until { () throws -> String? in
            seen = try read?() ?? screen()
            return accepts(seen) ? seen : nil
        }
        if let found { return found }
        throw TmuxFailure.neverShown(what: what, screen: seen)
    }

    @discardableResult
    public func wait(for text: String) throws -> String {
        try wait(describing: text.debugDescription) { $0.contains(text) }
    }

    /// The screen's last line (the prompt's, no colours), once it is `expected`.
    public func waitLine(_ expected: String) throws {
        try wait(describing: "a last line \(expected.debugDescription)") { screen in
            screen.split(separator: "\n").last.map(String.init) == expected
        }
    }

    /// The screen, colours included, once it holds `text`.
    @discardableResult
    public func waitColoured(_ text: String) throws -> String {
        try wait(describing: text.debugDescription, read: colours) { $0.contains(text) }
    }
}
