import ErrandFiles
import ErrandNetwork
import ErrandOptions
#if canImport(Glibc)
import Glibc
#endif

// errand's download helper: FetchCommand says what it does, FetchArguments what it takes.

// It reads a password from its stdin: no core file, no core_pattern pipe, no ptrace.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)
HelperMain.run("errand-fetch", usage: FetchArguments.usage, badUsage: FetchCommand.badUsage,
               parse: FetchArguments.parse, body: FetchCommand.run)
