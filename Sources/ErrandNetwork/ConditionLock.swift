#if canImport(Glibc)
import Glibc
#endif

/// A mutex with its condition variable, from pthreads: errand-fetch links FoundationEssentials
/// only, which has neither NSLock nor NSCondition.
final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pthread objects are what makes the users of this class thread-safe.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits until `ready` holds (checked under the lock), then runs `body` under it.
    func wait<T>(until ready: () -> Bool, then body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready() { pthread_cond_wait(condition, mutex) }
        return try body()
    }

    /// Changes the state under the lock and wakes every waiter.
    func change<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }
}
