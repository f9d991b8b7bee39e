#if canImport(Glibc)
import Glibc
#endif

/// The processor time this process has used (all its threads, user and system), for
/// `set timing on`: on a shared machine a command's wall time holds its waits for a turn on a
/// processor, which its processor time does not, so the two side by side say whether a slow
/// answer was the program's or the machine's (as sqlite3's `.timer` gives real, user and sys).
enum ProcessorTime {
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
