import ErrandFiles
import ErrandOptions
import ErrandPicture
#if canImport(Glibc)
import Glibc
#endif

// errand's picture helper: PictureCommand says what it does, PictureArguments what it takes.

// The same as errand and the other helpers (see CoreDumps); the command adds its own limits.
CoreDumps.forbid()
signal(SIGPIPE, SIG_IGN)
HelperMain.run("errand-picture", usage: PictureArguments.usage, badUsage: PictureCommand.badUsage,
               parse: PictureArguments.parse, body: PictureCommand.run)
