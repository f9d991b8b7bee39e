import ErrandFiles
import ErrandLaunch
import ErrandOptions
import ErrandShell
import ErrandStorage
import ErrandTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The steps before the shell: each either gives back what the next needs, or ends the
/// process with one line and its exit status (ExitStatus+Errand).
enum Launch {
    static func fail(_ message: String, _ status: ExitStatus) -> Never {
        StandardStreamsSink.writeAll(2, message + "\n")
        exit(status.status)
    }

    static func options() -> LaunchOptions {
        do {
            return try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            StandardStreamsSink.writeAll(2, error.report + "\n")
            exit(error.exitStatus)
        }
    }

    /// `errand remind` from cron with nothing to ring ends here, before the shell is built
    /// (QuietRemind); anything else goes on.
    static func endIfNothingRings() {
        guard let configuration = QuietRemind.configuration(Array(CommandLine.arguments.dropFirst()),
                                                            environment: EnvironmentVariable.read()),
              QuietRemind.findsNothing(configuration, waiting: waitingLine) else { return }
        exit(ExitStatus.succeeded.status)
    }

    /// `--help`, `--version`, `--generate-...` and `check` end here, without a store.
    static func answerWithoutAStore(_ options: LaunchOptions, sink: StandardStreamsSink) {
        let failed: Int32?
        switch options.mode {
        case .help: failed = StandardStreamsSink.writeAll(1, LaunchHelp.text + "\n")
        case .version: failed = StandardStreamsSink.writeAll(1, ProgramVersion.line + "\n")
        case let .generate(format): failed = StandardStreamsSink.writeAll(1, format.text)
        case let .check(paths, update): exit(CheckCommand(paths: paths, update: update, sink: sink).run())
        default: return
        }
        // A man page or a completion script redirected to a full disk is not a success.
        if let failed { fail("errand: write error: " + String(cString: strerror(failed)), .commandFailed) }
        exit(ExitStatus.succeeded.status)
    }

    static func configuration(_ options: LaunchOptions, _ environment: [String: String]) -> LaunchConfiguration {
        do {
            return try LaunchConfiguration(options: options, environment: environment)
        } catch {
            StandardStreamsSink.writeAll(2, error.report + "\n")
            exit(error.exitStatus)
        }
    }

    /// At a terminal, a change that waits for another Errand (a -1 script) says so, once.
    static var waitingLine: (() -> Void)? {
        TerminalInfo.isTerminal(2) ? {
            StandardStreamsSink.writeAll(2, "waiting for another Errand to finish with the store (up to 10 minutes)…\n")
        } : nil
    }

    static func store(_ configuration: LaunchConfiguration) -> ErrandStore {
        if let refusal = configuration.storeFolderRefusal { fail("errand: " + refusal, .storeUnusable) }
        do {
            return try StoreOpener.open(path: configuration.storePath, backend: configuration.storeBackend, waiting: waitingLine)
        } catch {
            fail("errand: \(error)", .storeUnusable)
        }
    }

    static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }
}
