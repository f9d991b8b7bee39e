import ErrandCatalogue
import ErrandDomain
import ErrandFiles
import ErrandLaunch
import ErrandShell
import ErrandStorage
import ErrandTerminal
#if canImport(Glibc)
import Glibc
#endif

// Wiring only: options -> configuration -> store -> interpreter -> a line source (keyboard,
// script, pipe, -c). What the options and variables mean is decided in ErrandLaunch.

// Before anything can hold a password: no core file, no core_pattern pipe, no ptrace.
CoreDumps.forbid()
let sink = StandardStreamsSink()
signal(SIGPIPE, SIG_IGN)
// Past a file-size limit a write should fail with an error we report, not kill the process.
signal(SIGXFSZ, SIG_IGN)

func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
}

func fail(_ message: String, status: Int32) -> Never {
    StandardStreamsSink.writeAll(2, message + "\n")
    exit(status)
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.report, status: error.exitStatus)
}

switch options.mode {
case .help:
    StandardStreamsSink.writeAll(1, LaunchHelp.text + "\n")
    exit(0)
case .version:
    StandardStreamsSink.writeAll(1, ProgramVersion.line + "\n")
    exit(0)
case let .generate(format):
    StandardStreamsSink.writeAll(1, format.text)
    exit(0)
case let .check(paths, update):
    exit(CheckCommand(paths: paths, update: update, sink: sink).run())
default:
    break
}

// Day labels are written under the user's LC_TIME (DayLabeler): set it before anything is shown.
setlocale(LC_TIME, "")
let environment = EnvironmentVariable.read()
let configuration: LaunchConfiguration
do {
    configuration = try LaunchConfiguration(options: options, environment: environment)
} catch {
    fail(error.report, status: error.exitStatus)
}

let store: ErrandStore
do {
    // At a terminal, a change that waits for another Errand (a -1 script) says so, once.
    let waiting: (() -> Void)? = TerminalInfo.isTerminal(2) ? {
        let line = "waiting for another Errand to finish with the store (up to 10 minutes)…\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    } : nil
    store = try StoreOpener.open(path: configuration.storePath, backend: configuration.storeBackend, waiting: waiting)
} catch {
    fail("errand: \(error)", status: 3)
}

// A password typed in a URL never reaches the history file (nor `history`'s listing).
let history = HistoryFile(path: configuration.historyPath, scrub: Secrets.redacted)
let interactive: Bool
if case .standardInput = options.mode {
    interactive = TerminalInfo.isTerminal(0) && TerminalInfo.isTerminal(1)
} else {
    interactive = false
}
// Photos are drawn only onto a terminal, sized to it at each drawing (it may be resized).
let pictureSize: (() -> PictureSize)? = TerminalInfo.isTerminal(1) ? {
    let pixels = TerminalInfo.pixels()
    return PictureSize.forTerminal(columns: TerminalInfo.width(environment: environment),
                                   rows: TerminalInfo.height(environment: environment),
                                   pixelWidth: pixels.width, pixelHeight: pixels.height)
} : nil
let shellEnvironment = configuration.shellEnvironment(store: store, history: { history.entries },
                                                      workingDirectory: currentDirectory(),
                                                      progress: TerminalInfo.isTerminal(2), pictureSize: pictureSize)
// Long lists come a screenful at a time at a terminal; scripts get every row.
let pageSize = interactive ? max(5, TerminalInfo.height(environment: environment) - 4) : nil
var session = Session(output: options.json ? .json : .text, color: configuration.color(interactive: interactive),
                      pageSize: pageSize)
session.images = configuration.images(interactive: interactive)
session.hyperlinks = configuration.hyperlinks(interactive: interactive)
let interpreter = Interpreter(session: session, environment: shellEnvironment)
// Only a terminal has a width (COLUMNS when it cannot say): into a pipe or a file no line is cut,
// as ls and psql write them, so grep sees every title whole.
let width = TerminalInfo.isTerminal(1) ? TerminalInfo.width(environment: environment) : nil
let runner = Runner(interpreter: interpreter, sink: sink,
                    options: ScriptOptions(echo: options.echo, bail: options.bail, width: width))
let startup = options.readsStartupFile(interactive: interactive) ? StartupFile(environment: environment) : nil

@MainActor func runScript(_ source: LineSource) {
    startup?.run(with: runner)
    if options.singleTransaction {
        runner.runSingleTransaction(source)
    } else {
        runner.runBatch(source)
    }
}

switch options.mode {
case let .commands(lines):
    runScript(ArrayLineSource(name: "-c", lines: lines))
case let .script(path):
    do {
        runScript(try FileLineSource(path: path, name: path))
    } catch {
        fail("errand: \(error)", status: 2)
    }
default:
    if interactive {
        if options.singleTransaction { fail("errand: --single-transaction is for scripts (a FILE, -c or a pipe)", status: 2) }
        TerminalInfo.setUpLocale()
        SignalFlags.install()
        guard let editor = LineEditor(history: history.entries, maxLineBytes: LineLimit.bytes) else {
            fail("errand: cannot start the line editor", status: 1)
        }
        interpreter.environment.prompter = EditorPrompter(editor: editor, runner: runner)
        InteractiveLoop(runner: runner, editor: editor, history: history, startup: startup,
                        width: { TerminalInfo.width(environment: environment) }).run()
        sink.flush()
        store.close()
        exit(0)
    }
    runScript(FileLineSource(standardInput: "stdin"))
}
sink.flush()
store.close()
exit(runner.failures > 0 ? 1 : 0)
