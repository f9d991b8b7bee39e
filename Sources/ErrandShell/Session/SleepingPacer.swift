#if canImport(Glibc)
import Glibc
#endif

/// A script's `watch`: runs printed one after another, a real wait between them.
public final class SleepingPacer: WatchPacer {
    public init() {}

    public var drawsInPlace: Bool { false }
    public func begin() {}
    public func end() {}
    public var columns: Int? { nil }

    public func wait(_ seconds: Double) -> WatchWake {
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
        // A signal that does not end the process only shortens the wait by its remainder.
        var left = timespec()
        while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
        return .due
    }
}
