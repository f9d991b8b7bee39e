import ErrandShell
import ErrandStorage
#if canImport(Glibc)
import Glibc
#endif

/// `$XDG_CONFIG_HOME/errand/errandrc`: commands run at the start of a session, as psql runs
/// ~/.psqlrc. At the keyboard it runs unless `-X`; a script, `-c` or a pipe runs it only with
/// `--rc`, so a script means the same on every machine.
public struct StartupFile: Equatable, Sendable {
    /// As the man page and `--help` name it.
    public static let displayPath = "$XDG_CONFIG_HOME/errand/errandrc"
    /// What starts its error lines: `errandrc:3: unknown command "sett"`.
    public static let name = "errandrc"

    public let path: String

    public init(path: String) {
        self.path = path
    }

    public init(environment: [String: String]) {
        path = XDG.configHome(environment) + "/errand/errandrc"
    }

    /// Runs its commands through `runner`, silently, each error reported as `errandrc:LINE:
    /// message` and counted as a failed command; the session goes on whatever fails (no bail, no echo). A
    /// missing file is no error. False when something failed.
    @discardableResult
    public func run(with runner: Runner) -> Bool {
        var info = stat()
        if stat(path, &info) != 0, errno == ENOENT || errno == ENOTDIR { return true }
        let source: FileLineSource
        do {
            source = try FileLineSource(path: path, name: StartupFile.name)
        } catch {
            // "errandrc: is a directory, not a script (PATH)", as the reader names it.
            let prefix = StartupFile.name + ": "
            let reason = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : error.description
            runner.refuse(.failed(reason + " (" + path + ")"), location: StartupFile.name)
            return false
        }
        let options = runner.options
        runner.options.echo = false
        runner.options.bail = false
        // Silent unless something fails, as a shell's rc file is.
        runner.options.quiet = true
        defer { runner.options = options }
        return runner.runBatch(source)
    }
}
