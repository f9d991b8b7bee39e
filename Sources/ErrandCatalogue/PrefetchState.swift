import Foundation

/// What the prefetch workers share, behind one lock: the next photo to take, the counts so
/// far, and the cache's bookkeeping (run through `locked`).
final class PrefetchState: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var next = 0
    private var counted = PrefetchOutcome()

    var outcome: PrefetchOutcome { locked { counted } }

    func take(below count: Int) -> Int? {
        locked {
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Counts one photo.
    func record(cached: Bool, failure: String?) {
        locked {
            if cached {
                counted.cached += 1
            } else if let failure {
                counted.failed += 1
                if counted.firstFailure == nil { counted.firstFailure = failure }
            } else {
                counted.fetched += 1
            }
        }
    }
}
