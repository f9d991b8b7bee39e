import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// At most one request per interval (OpenStreetMap's Nominatim asks for one a second): waits,
/// before a request, for the rest of the interval since the last one began. The clock and the
/// wait are injected, so a test checks the rule without sleeping.
public final class RequestPacer: Sendable {
    public let interval: Double
    private let now: @Sendable () -> Double
    private let sleep: @Sendable (Double) -> Void
    /// When the last request began; held through the wait, so two callers never start together.
    private let last = Mutex<Double?>(nil)

    public init(interval: Double = 1, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                sleep: @escaping @Sendable (Double) -> Void = RequestPacer.sleep) {
        self.interval = interval
        self.now = now
        self.sleep = sleep
    }

    /// Returns when a request may start, and counts it as started. `shared`: when another
    /// process last began one (the store keeps it), if known.
    public func wait(after shared: Double? = nil) {
        last.withLock { last in
            let latest = [last, shared].compactMap { $0 }.max()
            if let latest {
                let since = now() - latest
                // A clock set back (since < 0) still waits one whole interval, never longer.
                let rest = since < 0 ? interval : interval - since
                if rest > 0 { sleep(rest) }
            }
            last = now()
        }
    }

    /// When the last request began, on this pacer's clock.
    public var started: Double? {
        last.withLock { $0 }
    }

    /// The real wait (Foundation's Thread.sleep is not in FoundationEssentials).
    @Sendable public static func sleep(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
