import ErrandCatalogue
import ErrandDomain
import ErrandLaunch
import ErrandOptions
import ErrandShell
import ErrandStorage
import ErrandTerminal
#if canImport(Glibc)
import Glibc
#endif

/// One shell over the store: the interpreter, its runner and history, sized to the terminal
/// when there is one, then run over the line source the options chose (keyboard, script, pipe,
/// -c). What the options and variables mean is decided in ErrandLaunch.
@MainActor struct ShellWiring {
    let options: LaunchOptions
    let environment: [String: String]
    let store: ErrandStore
    let sink: StandardStreamsSink
    let history: HistoryFile
    let interactive: Bool
    let interpreter: Interpreter
    let runner: Runner
    let startup: StartupFile?

    init(options: LaunchOptions, configuration: LaunchConfiguration, environment: [String: String], store: ErrandStore,
         sink: StandardStreamsSink) {
        self.options = options
        self.environment = environment
        self.store = store
        self.sink = sink
        // A password typed in a URL never reaches the history file (nor `history`'s listing).
        let history = HistoryFile(path: configuration.historyPath, lineBytes: LineLimit.bytes, scrub: Secrets.redacted)
        self.history = history
        if case .standardInput = options.mode {
            interactive = TerminalInfo.isTerminal(0) && TerminalInfo.isTerminal(1)
        } else {
            interactive = false
        }
        let shellEnvironment = configuration.shellEnvironment(store: store, history: { history.entries },
                                                              workingDirectory: Launch.currentDirectory(),
                                                              progress: TerminalInfo.isTerminal(2),
                                                              pictureSize: ShellWiring.pictureSize(environment))
        // Long lists come a screenful at a time at a terminal; scripts get every row.
        let pageSize = interactive ? max(5, TerminalInfo.height(environment: environment) - 4) : nil
        var session = Session(output: options.output, color: configuration.color(interactive: interactive),
                              pageSize: pageSize)
        session.images = configuration.images(interactive: interactive)
        session.rawCells = options.raw
        session.hyperlinks = configuration.hyperlinks(interactive: interactive)
        interpreter = Interpreter(session: session, environment: shellEnvironment)
        // Only a terminal has a width (COLUMNS when it cannot say): into a pipe or a file no line
        // is cut, as ls and psql write them, so grep sees every title whole.
        let width = TerminalInfo.isTerminal(1) ? TerminalInfo.width(environment: environment) : nil
        runner = Runner(interpreter: interpreter, sink: sink,
                        options: ScriptOptions(echo: options.echo, bail: options.bail, width: width))
        startup = options.readsStartupFile(interactive: interactive) ? StartupFile(environment: environment) : nil
    }

    /// Photos are drawn only onto a terminal, sized to it at each drawing (it may be resized).
    static func pictureSize(_ environment: [String: String]) -> (() -> PictureSize)? {
        guard TerminalInfo.isTerminal(1) else { return nil }
        return {
            let pixels = TerminalInfo.pixels()
            return PictureSize.forTerminal(columns: TerminalInfo.width(environment: environment),
                                           rows: TerminalInfo.height(environment: environment),
                                           pixelWidth: pixels.width, pixelHeight: pixels.height)
        }
    }

    func run() -> Never {
        switch options.mode {
        case let .commands(lines):
            runScript(ArrayLineSource(name: "-c", lines: lines))
        case let .script(path):
            do {
                runScript(try FileLineSource(path: path, name: path))
            } catch {
                Launch.fail("errand: \(error)", .badUsage)
            }
        default:
            if interactive { runAtTheKeyboard() }
            runScript(FileLineSource(standardInput: "stdin"))
        }
        finish(runner.failures > 0 ? .commandFailed : .succeeded)
    }

    private func runScript(_ source: LineSource) {
        startup?.run(with: runner)
        if options.singleTransaction {
            runner.runSingleTransaction(source)
        } else {
            runner.runBatch(source)
        }
    }

    private func runAtTheKeyboard() -> Never {
        if options.singleTransaction { Launch.fail("errand: --single-transaction is for scripts (a FILE, -c or a pipe)", .badUsage) }
        TerminalInfo.setUpLocale()
        SignalFlags.install()
        guard let editor = LineEditor(history: history.entries, maxLineBytes: LineLimit.bytes) else {
            Launch.fail("errand: cannot start the line editor", .commandFailed)
        }
        // Read once and taken out of the environment: nothing errand starts should see it.
        let ready = ReadySignal(descriptorText: environment["ERRAND_READY_FD"])
        unsetenv("ERRAND_READY_FD")
        editor.ready = ready
        interpreter.environment.prompter = EditorPrompter(editor: editor, runner: runner)
        interpreter.environment.watchPacer = TerminalWatchPacer(width: { [environment] in TerminalInfo.width(environment: environment) },
                                                                ready: ready)
        InteractiveLoop(runner: runner, editor: editor, history: history, startup: startup,
                        width: { [environment] in TerminalInfo.width(environment: environment) }).run()
        finish(.succeeded)
    }

    private func finish(_ status: ExitStatus) -> Never {
        sink.flush()
        store.close()
        exit(status.status)
    }
}
