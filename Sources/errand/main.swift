import ErrandCatalogue
import ErrandDomain
import ErrandShell
import ErrandStorage
import ErrandTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Wiring only: options -> store -> interpreter -> a line source (keyboard, script, pipe, -c).

// Only the variables Errand reads, through getenv: ProcessInfo.environment parses all of
// them and cost a fifth of a start-up's instructions (callgrind).
let environment: [String: String] = {
    var found: [String: String] = [:]
    for name in ["ERRAND_TODAY", "ERRAND_HISTORY", "ERRAND_CATALOGUE", "ERRAND_CATALOGUE_MAX_AGE", "ERRAND_CATALOGUE_MAX_MB", "NO_COLOR", "LC_ALL",
                 "LC_TIME", "LANG", "COLUMNS", "LINES", "HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
        if let value = getenv(name) { found[name] = String(cString: value) }
    }
    return found
}()
let sink = StandardStreamsSink()
signal(SIGPIPE, SIG_IGN)
// Past a file-size limit a write should fail with an error we report, not kill the process.
signal(SIGXFSZ, SIG_IGN)

func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func fail(_ message: String, status: Int32) -> Never {
    StandardStreamsSink.writeAll(2, "errand: " + message + "\n")
    exit(status)
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\nTry errand --help.", status: 2)
}

switch options.mode {
case .help:
    StandardStreamsSink.writeAll(1, LaunchOptions.help + "\n")
    exit(0)
case .version:
    StandardStreamsSink.writeAll(1, LaunchOptions.version + "\n")
    exit(0)
case let .check(paths, update):
    exit(CheckCommand(paths: paths, update: update, sink: sink).run())
default:
    break
}

let todayText = options.today ?? environment["ERRAND_TODAY"]
var clock = Clock()
if let todayText, !todayText.isEmpty {
    guard let day = DueDay(iso: todayText) else { fail("--today needs YYYY-MM-DD, not \"\(todayText)\"", status: 2) }
    clock = Clock(fixedToday: day)
}

let storePath = options.store ?? StoreOpener.defaultPath(environment: environment)
let store: ErrandStore
do {
    store = try StoreOpener.open(path: storePath, backend: StoreBackend(forPath: storePath))
} catch {
    fail("\(error)", status: 3)
}

let historyPath = environment["ERRAND_HISTORY"] ?? XDG.stateHome(environment) + "/errand/history"
let history = HistoryFile(path: historyPath)
let interactive: Bool
if case .standardInput = options.mode {
    interactive = TerminalInfo.isTerminal(0) && TerminalInfo.isTerminal(1)
} else {
    interactive = false
}
let colorAllowed = environment["NO_COLOR"].map(\.isEmpty) ?? true
let color = options.color ?? (interactive && colorAllowed)
let localeName = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
    ?? environment["LC_TIME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"]

var shellEnvironment = ShellEnvironment(store: store, clock: clock, labeler: DayLabeler(localeIdentifier: localeName),
                                        history: { history.entries }, workingDirectory: currentDirectory(),
                                        home: environment["HOME"] ?? "/")
if let base = options.catalogue ?? environment["ERRAND_CATALOGUE"], !base.isEmpty {
    shellEnvironment.catalogueBase = base
}
if let text = environment["ERRAND_CATALOGUE_MAX_AGE"], !text.isEmpty {
    guard let seconds = Int64(text), seconds >= 0 else {
        fail("ERRAND_CATALOGUE_MAX_AGE needs a number of seconds, not \"\(text)\"", status: 2)
    }
    shellEnvironment.catalogueMaxAge = seconds
}
var limits = FetchLimits()
if let text = environment["ERRAND_CATALOGUE_MAX_MB"], !text.isEmpty {
    guard let megabytes = Int(text), (1...4096).contains(megabytes) else {
        fail("ERRAND_CATALOGUE_MAX_MB needs a number of megabytes from 1 to 4096, not \"\(text)\"", status: 2)
    }
    limits.maxBytes = megabytes << 20
}
// A long download shows its progress on the terminal, on one line that is cleared after.
shellEnvironment.catalogueSync = CatalogueSync(fetcher: CatalogueFetcher(
    limits: limits, downloader: HelperDownloader(progress: TerminalInfo.isTerminal(2))))
// Long lists come a screenful at a time at a terminal; scripts get every row.
let pageSize = interactive ? max(5, TerminalInfo.height(environment: environment) - 4) : nil
let interpreter = Interpreter(session: Session(output: options.json ? .json : .text, color: color, pageSize: pageSize),
                              environment: shellEnvironment)
let width = TerminalInfo.isTerminal(1) ? TerminalInfo.width(environment: environment)
    : environment["COLUMNS"].flatMap(Int.init) ?? 80
let runner = Runner(interpreter: interpreter, sink: sink,
                    options: ScriptOptions(echo: options.echo, bail: options.bail, width: width))

@MainActor func runScript(_ source: LineSource) {
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
        fail("\(error)", status: 2)
    }
default:
    if interactive {
        if options.singleTransaction { fail("--single-transaction is for scripts (a FILE, -c or a pipe)", status: 2) }
        TerminalInfo.setUpLocale()
        SignalFlags.install()
        guard let editor = LineEditor(history: history.entries) else { fail("cannot start the line editor", status: 1) }
        interpreter.environment.prompter = EditorPrompter(editor: editor)
        InteractiveLoop(runner: runner, editor: editor, history: history).run()
        sink.flush()
        store.close()
        exit(0)
    }
    runScript(FileLineSource(standardInput: "stdin"))
}
sink.flush()
store.close()
exit(runner.failures > 0 ? 1 : 0)
