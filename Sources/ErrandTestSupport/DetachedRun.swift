import CProcessGuard
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end when it may leave a daemon behind (pg_ctl start). Foundation's
/// Process learns a child ended when a socket the child inherits closes: a daemon the child
/// starts inherits it too, and `waitUntilExit` then waits for the daemon's end. Here only
/// stdin (/dev/null), stdout and stderr (the file `log`, appended) pass to the program, and its
/// end is its exit.
enum DetachedRun {
    static func run(_ arguments: [String], log: String) throws -> Int32 {
        guard let program = arguments.first else { return 127 }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = cprocess_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw DAVServer.StartFailure(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
