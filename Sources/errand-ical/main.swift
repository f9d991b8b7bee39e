import ErrandFiles
import ErrandOptions
#if canImport(Glibc)
import Glibc
#endif

// errand's iCalendar helper: ICalCommand says what it does, ICalArguments what it takes.

// It holds the to-do list (and, syncing, the server's copy): kept out of core files too.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)
// No usage line after the reason: errand takes the last line on stderr as the reason.
HelperMain.run("errand-ical", usage: nil, badUsage: ICalCommand.failed,
               parse: ICalArguments.parse, body: ICalCommand.run)
