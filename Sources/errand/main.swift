import ErrandFiles
import ErrandLaunch
import ErrandShell
#if canImport(Glibc)
import Glibc
#endif

// Wiring only: options -> configuration -> store -> shell (Launch, ShellWiring).

// Before anything can hold a password: no core file, no core_pattern pipe, no ptrace.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)
// Past a file-size limit a write should fail with an error we report, not kill the process.
signal(SIGXFSZ, SIG_IGN)
Launch.endIfNothingRings()
let sink = StandardStreamsSink()
let options = Launch.options()
Launch.answerWithoutAStore(options, sink: sink)
// Day labels are written under the user's LC_TIME (DayLabeler): set it before anything is shown.
setlocale(LC_TIME, "")
let environment = EnvironmentVariable.read()
let configuration = Launch.configuration(options, environment)
let store = Launch.store(configuration)
ShellWiring(options: options, configuration: configuration, environment: environment, store: store, sink: sink).run()
