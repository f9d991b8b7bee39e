import CProcessGuard
import ErrandFiles
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The user's own editor on a piece of text: `$VISUAL`, else `$EDITOR`, else vi, run by the
/// shell (so `code -w` or `emacs -nw` work) on a private file (0600, in `$XDG_RUNTIME_DIR` or
/// the state folder, removed afterwards), with errand's terminal as its own until it exits.
public struct ExternalEditor: Equatable, Sendable {
    public struct Failure: Error, Equatable {
        public let reason: String
    }

    /// The shell words that start it; the file's path is added as their last argument.
    public var command: String
    public var folder: String

    public init(command: String, folder: String) {
        self.command = command
        self.folder = folder
    }

    /// From the environment, as git and crontab -e choose one.
    public static func chosen(_ env: [String: String], stateFolder: String) -> ExternalEditor {
        let command = [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { $0.contains { $0 != " " && $0 != "\t" } }
        let runtime = env["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return ExternalEditor(command: command ?? "vi", folder: runtime ?? stateFolder)
    }

    /// The text as the editor left it; nil when it left it as it was. Nothing is kept when the
    /// editor fails, cannot start or writes more than `limit` bytes. `file` starts the private
    /// file's name (the editor shows it); `what` names the text in errors ("notes": "notes are
    /// at most ... bytes").
    public func edit(_ text: String, limit: Int, file name: String = "errand-notes", what: String = "notes") throws(Failure) -> String? {
        do {
            try PrivateDirectory.makeParents(of: folder + "/notes")
        } catch {
            throw Failure(reason: "cannot make a private file in \(folder): \(error.reason)")
        }
        let file: (descriptor: Int32, path: String)
        do {
            file = try PrivateFile.create(beside: folder + "/" + name, tag: "txt")
        } catch {
            throw Failure(reason: "cannot make a private file in \(folder): \(error.reason)")
        }
        defer { unlink(file.path) }
        // Editors add a final newline: given one, its absence or presence alone is no change.
        let written = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        let failed = Descriptor.writeAll(file.descriptor, written)
        close(file.descriptor)
        if let failed { throw Failure(reason: "cannot write the \(what) to \(file.path) (\(String(cString: strerror(failed))))") }
        try run(on: file.path)
        let back = try read(file.path, limit: limit, what: what)
        return back == written ? nil : (back.hasSuffix("\n") ? String(back.dropLast()) : back)
    }

    private func run(on path: String) throws(Failure) {
        // A command runs with the terminal's echo off (keys typed then wait for the next
        // prompt): the editor gets it as a shell hands a terminal over, echo and lines on.
        let handedOver = ExternalEditor.cookedTerminal()
        defer { handedOver.map { ExternalEditor.restore($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The editor handles Ctrl-C and Ctrl-Z itself, as it would from any shell.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        _ = cprocess_spawn_close_from(&actions, 3)
        let words: [String] = ["/bin/sh", "-c", command + " \"$1\"", "sh", path]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(reason: "cannot run the editor (\(String(cString: strerror(spawned))))") }
        // errand waits as a shell does: Ctrl-C at the editor is the editor's. sigaction, not
        // signal(): that would put the prompt's handler back with SA_RESTART, and Ctrl-C at the
        // prompt would no longer end the read.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var previous = sigaction()
        sigaction(SIGINT, &ignore, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exit = HelperExit(waitStatus: status)
        guard exit.succeeded else {
            // The shell says 127 when the command is not found.
            if exit == .exited(127) { throw Failure(reason: "the editor \"\(command)\" was not found (set VISUAL or EDITOR)") }
            throw Failure(reason: "the editor \"\(command)\" \(exit)")
        }
    }

    private func read(_ path: String, limit: Int, what: String) throws(Failure) -> String {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(reason: "the editor left no file at \(path)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(reason: "cannot read \(path)") }
        guard info.st_size <= off_t(limit) else {
            throw Failure(reason: "the editor wrote \(info.st_size) bytes: \(what) \(what.hasSuffix("s") ? "are" : "is") at most \(limit) bytes")
        }
        let bytes = Descriptor.readAll(fd, limit: limit)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(reason: "the editor wrote text that is not UTF-8")
        }
        return text
    }

    /// The terminal on stdin with echo and line editing on, and its modes before; nil when it
    /// is no terminal or already so.
    private static func cookedTerminal() -> termios? {
        var modes = termios()
        guard isatty(0) == 1, tcgetattr(0, &modes) == 0 else { return nil }
        let wanted = tcflag_t(ECHO | ICANON)
        guard modes.c_lflag & wanted != wanted else { return nil }
        let saved = modes
        modes.c_lflag |= wanted
        guard tcsetattr(0, TCSANOW, &modes) == 0 else { return nil }
        return saved
    }

    private static func restore(_ modes: termios) {
        var modes = modes
        _ = tcsetattr(0, TCSANOW, &modes)
    }
}
