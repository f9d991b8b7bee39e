#if canImport(Glibc)
import Glibc
#endif

/// Notices a transfer that moved no byte, either way, for `limit` seconds. libcurl's own stall
/// check (CURLOPT_LOW_SPEED_*) averages over its last five seconds, so a request whose body
/// went out at once looked alive for five seconds more; it is kept only as the timer that
/// makes libcurl call the progress callback, where this watch runs, about once a second.
struct IdleWatch {
    let limit: Double
    private var moved: Int64 = -1
    private var since = IdleWatch.now()

    init(limit: Double) { self.limit = limit }

    /// Takes the bytes moved so far (down and up); true when none moved for too long.
    mutating func stalled(moved bytes: Int64) -> Bool {
        let now = IdleWatch.now()
        if bytes != moved {
            moved = bytes
            since = now
            return false
        }
        return now - since >= limit
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
