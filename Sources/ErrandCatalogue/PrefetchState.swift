import Synchronization

/// What the prefetch workers share, behind one lock: the next photo to take, the counts so
/// far, and the cache's bookkeeping (run through `locked`).
final class PrefetchState: Sendable {
    private struct Shared {
        var next = 0
        var counted = PrefetchOutcome()
    }

    private let shared = Mutex(Shared())
    /// Held while the cache is read or written: it keeps a running total.
    private let cacheLock = Mutex(())

    var outcome: PrefetchOutcome { shared.withLock { $0.counted } }

    func take(below count: Int) -> Int? {
        shared.withLock { state in
            guard state.next < count else { return nil }
            state.next += 1
            return state.next - 1
        }
    }

    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try cacheLock.withLock { _ throws(E) in try body() }
    }

    var isCancelled: Bool { shared.withLock { $0.counted.cancelled } }

    func cancel() {
        shared.withLock { $0.counted.cancelled = true }
    }

    func isUnreachable(_ host: String) -> Bool {
        shared.withLock { $0.counted.unreachableHosts.contains(host) }
    }

    func markUnreachable(_ host: String) {
        shared.withLock { state in
            if !state.counted.unreachableHosts.contains(host) { state.counted.unreachableHosts.append(host) }
        }
    }

    /// One photo not asked for: its host could not be reached earlier in the run, or Ctrl-C.
    func recordSkipped() {
        shared.withLock { $0.counted.skipped += 1 }
    }

    /// Counts one photo.
    func record(cached: Bool, failure: String?) {
        shared.withLock { state in
            if cached {
                state.counted.cached += 1
            } else if let failure {
                state.counted.failed += 1
                if state.counted.firstFailure == nil { state.counted.firstFailure = failure }
            } else {
                state.counted.fetched += 1
            }
        }
    }
}
