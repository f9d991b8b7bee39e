import CCurl

/// A libcurl multi handle: the transfers running at once and the pool of kept-alive
/// connections they share. Driven by one thread, which also closes it; `wake` is the one call
/// other threads make (curl_multi_wakeup is documented as safe from any thread).
final class CurlMulti: @unchecked Sendable {
    // @unchecked: only `wake` is called from another thread; `closed` is guarded by `lock`, so a
    // wake never meets a handle being cleaned up.
    let handle: UnsafeMutableRawPointer
    private let lock = ConditionLock()
    private var closed = false

    init?(connections: Int) {
        CurlGlobal.ensure()
        guard let handle = curl_multi_init() else { return nil }
        self.handle = handle
        _ = ccurl_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, connections)
        _ = ccurl_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, connections)
    }

    /// Only for a multi that was never closed: whichever thread drops the last reference would
    /// otherwise clean it up, and the stdin reader may be that thread, racing the exit().
    deinit { close() }

    /// Cleans up the handle and its pool of connections, on the thread that drove it. errand-fetch
    /// calls exit() right after: a cleanup left to the reader thread's last release (it holds the
    /// multi to wake it) would run libcurl's teardown concurrently with the exit handlers.
    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            curl_multi_cleanup(handle)
        }
    }

    func add(_ easy: CurlEasy) -> Bool { curl_multi_add_handle(handle, easy.handle) == CURLM_OK }

    func remove(_ easy: CurlEasy) { _ = curl_multi_remove_handle(handle, easy.handle) }

    /// Moves every transfer on as far as it can go without waiting.
    func perform() {
        var running: Int32 = 0
        _ = curl_multi_perform(handle, &running)
    }

    /// The transfers that ended since the last call, with how each ended.
    func finished() -> [(easy: UnsafeMutableRawPointer, code: CURLcode)] {
        var done: [(UnsafeMutableRawPointer, CURLcode)] = []
        var left: Int32 = 0
        while let message = curl_multi_info_read(handle, &left) {
            if message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle {
                done.append((easy, ccurl_message_result(message)))
            }
        }
        return done
    }

    /// Sleeps in the kernel until a connection has something to do, libcurl's next timeout
    /// comes, `wake` is called, or `milliseconds` pass.
    func wait(milliseconds: Int32) {
        var ready: Int32 = 0
        _ = curl_multi_poll(handle, nil, 0, milliseconds, &ready)
    }

    /// A no-op once closed: the reader may see its input end after the session finished.
    func wake() {
        lock.withLock {
            guard !closed else { return }
            _ = curl_multi_wakeup(handle)
        }
    }
}
