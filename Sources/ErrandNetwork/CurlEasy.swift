import CCurl

/// One libcurl easy handle with what it points to (the header list, the error buffer), all
/// freed together. Used by one thread at a time: the one running the transfer.
final class CurlEasy {
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The context of libcurl's callbacks (deliver(to:)); kept here so it lives as long as the handle.
    private var callbacks: CurlCallbacks?
    /// libcurl writes a failure's detail here (CURLOPT_ERRORBUFFER), up to CURL_ERROR_SIZE.
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    /// nil when libcurl could not make a handle (out of memory).
    init?() {
        CurlGlobal.ensure()
        guard let handle = curl_easy_init() else {
            errorBuffer.deallocate()
            return nil
        }
        self.handle = handle
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        _ = ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        // No signals: a timed-out name lookup must not longjmp out of another thread's work.
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) {
        _ = ccurl_setopt_long(handle, option, value)
    }

    /// libcurl copies strings it is given (since 7.17), so `value` need not outlive the call.
    func set(_ option: CURLoption, _ value: String) {
        _ = ccurl_setopt_string(handle, option, value)
    }

    func set(_ option: CURLoption, offset value: Int64) {
        _ = ccurl_setopt_offset(handle, option, curl_off_t(value))
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) {
        _ = ccurl_setopt_pointer(handle, option, value)
    }

    /// Headers, body and progress (as bytes move, and about once a second when none do) go
    /// to `receiver`.
    func deliver(to receiver: any CurlReceiver) {
        let route = CurlCallbacks(receiver)
        callbacks = route
        let context = Unmanaged.passUnretained(route).toOpaque()
        _ = ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, CurlCallbacks.header)
        set(CURLOPT_HEADERDATA, pointer: context)
        _ = ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, CurlCallbacks.body)
        set(CURLOPT_WRITEDATA, pointer: context)
        set(CURLOPT_NOPROGRESS, 0)
        _ = ccurl_setopt_progress_callback(handle, CURLOPT_XFERINFOFUNCTION, CurlCallbacks.progress)
        set(CURLOPT_XFERINFODATA, pointer: context)
    }

    /// Request header lines ("Name: value"; "Name:" removes one libcurl would add).
    func setHeaders(_ lines: [String]) {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines { list = curl_slist_append(list, line) ?? list }
        _ = ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, list)
        curl_slist_free_all(headerList)
        headerList = list
    }

    /// The limits of FetchLimits libcurl enforces itself: the connect within `idle` seconds,
    /// the whole request within `total`. Silence after the connect is the progress callback's
    /// to notice (IdleWatch).
    func setTimeouts(idle: Double, total: Double) {
        set(CURLOPT_CONNECTTIMEOUT_MS, max(1, Int((idle * 1000).rounded(.up))))
        set(CURLOPT_TIMEOUT_MS, max(1, Int((total * 1000).rounded(.up))))
    }

    /// The detail libcurl gave for the last failure, else its generic text for `code`.
    func failureText(_ code: CURLcode) -> String {
        let detail = String(cString: errorBuffer)
        if !detail.isEmpty { return detail }
        return curl_easy_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
    }

    /// The announced body length, nil when the response gave none.
    var contentLength: Int64? {
        var length: curl_off_t = -1
        guard ccurl_getinfo_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK, length >= 0 else {
            return nil
        }
        return Int64(length)
    }
}
