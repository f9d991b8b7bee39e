import Foundation

/// At most one request per interval (OpenStreetMap's Nominatim asks for one a second): waits,
/// before a request, for the rest of the interval since the last one began. The clock and the
/// wait are injected, so a test checks the rule without sleeping.
public final class RequestPacer: @unchecked Sendable {
    // @unchecked: `last` is guarded by `lock`.
    public let interval: Double
    private let now: @Sendable () -> Double
    private let sleep: @Sendable (Double) -> Void
    private let lock = NSLock()
    private var last: Double?

    public init(interval: Double = 1, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                sleep: @escaping @Sendable (Double) -> Void = { seconds in
                    if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
                }) {
        self.interval = interval
        self.now = now
        self.sleep = sleep
    }

    /// Returns when a request may start, and counts it as started. `shared`: when another
    /// process last began one (the store keeps it), if known.
    public func wait(after shared: Double? = nil) {
        lock.lock()
        defer { lock.unlock() }
        let latest = [last, shared].compactMap { $0 }.max()
        if let last = latest {
            let since = now() - last
            // A clock set back (since < 0) still waits one whole interval, never longer.
            let rest = since < 0 ? interval : interval - since
            if rest > 0 { sleep(rest) }
        }
        last = now()
    }

    /// When the last request began, on this pacer's clock.
    public var started: Double? {
        lock.lock()
        defer { lock.unlock() }
        return last
    }
}
